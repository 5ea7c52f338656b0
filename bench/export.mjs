// npm run bench:export — the server's memory while it exports a 100,000-test-case run.
// A deterministic Cucumber messages report of 2,000 features x 50 scenarios (bench/ingest-corpus.mjs)
// is imported into a server started in its own process as `npm start` runs it (apps/server/src/main.ts,
// NODE_ENV=production, the embedded database under a temporary DATA_DIR). The server is then
// restarted for each format, so that what the import or another format left in its heap is not
// counted, and after a warm-up export of that format (modules, the first queries) its resident memory
// is the baseline. Then the run is exported (GET /api/runs/export, the body read and dropped as it arrives) while
// /proc/<pid>/status is sampled every 20 ms: the growth is the peak resident memory (VmRSS) during the
// export over the baseline. A small run (1,000 test cases) is exported the same way first: memory
// that does not depend on the run's size grows as much there.
// The last line is the goal: the largest growth over 200 MB, <= 1.
// Knobs: BENCH_FEATURES (2000), BENCH_SCENARIOS (50 per feature), BENCH_FORMATS (ndjson,json,junit,html), BENCH_KEEP=1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeIngestReport } from './ingest-corpus.mjs';

const FEATURES = Number(process.env.BENCH_FEATURES ?? 2000);
const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 50);
const FORMATS = (process.env.BENCH_FORMATS ?? 'ndjson,json,junit,html').split(',');
const BOUND_MB = 200;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-export-'));
const dataDir = path.join(tmp, 'data');
const { ServerClient } = await import('../packages/cli/src/server-client.ts');

let server = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server stopped (exit code ${code})`)));
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof entry.msg === 'string' && entry.msg.startsWith('Stepwise is running')) resolve();
      else if (entry.level >= 50) process.stderr.write(`${line}\n`);
    });
  });
  return `http://127.0.0.1:${port}`;
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

async function api(base, token, method, name, body) {
  const res = await fetch(`${base}/api/${name}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The server's resident memory in MB (VmRSS). */
function rssMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** One export, its body read and dropped as it arrives, with the server's peak memory while it ran. */
async function exportOnce(base, key, runId, format) {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const t = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${base}/api/runs/export?runId=${runId}&format=${format}`, { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body) bytes += chunk.length;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb());
  return { ms: performance.now() - t, bytes, before, peak };
}

try {
  const big = path.join(tmp, 'big.ndjson');
  const small = path.join(tmp, 'small.ndjson');
  let t = performance.now();
  const counts = writeIngestReport(big, { features: FEATURES, scenariosPerFeature: SCENARIOS });
  writeIngestReport(small, { features: 20, scenariosPerFeature: 50 });
  console.log(`report: ${counts.testCases} test cases, ${counts.steps} test steps, ${(counts.bytes / 1e6).toFixed(1)} MB of NDJSON (generated in ${(performance.now() - t).toFixed(0)} ms)`);

  let base = await startServer();
  const signup = await api(base, null, 'POST', 'auth/signup-without-iam', { email: 'bench@example.com', password: 'correct horse battery', firstname: 'Bench', lastname: 'Mark' });
  const projectId = (await api(base, signup.token, 'POST', 'auth/CreateProject', { name: 'Bench', url: 'https://bench.example.com' })).project.id;
  const key = (await api(base, signup.token, 'POST', 'auth/createAccessKey', { projectId, name: 'bench' })).token;
  t = performance.now();
  const client = new ServerClient({ server: base, token: key });
  const bigRun = await client.uploadReport(projectId, big, { name: 'Big run' });
  const smallRun = await client.uploadReport(projectId, small, { name: 'Small run' });
  console.log(`imported: ${bigRun.totalScenarios} and ${smallRun.totalScenarios} scenarios in ${(performance.now() - t).toFixed(0)} ms`);

  let worst = 0;
  for (const format of FORMATS) {
    // A server of its own for each format: what one export left in the heap is not counted in the next.
    await stopServer();
    base = await startServer();
    await exportOnce(base, key, smallRun.runId, format);
    const baseline = rssMb();
    const s = await exportOnce(base, key, smallRun.runId, format);
    const b = await exportOnce(base, key, bigRun.runId, format);
    const growth = Math.max(0, b.peak - baseline);
    worst = Math.max(worst, growth);
    console.log(
      `${format}: baseline ${baseline.toFixed(0)} MB; 1,000 test cases ${(s.bytes / 1e6).toFixed(1)} MB in ${s.ms.toFixed(0)} ms, peak +${Math.max(0, s.peak - baseline).toFixed(0)} MB; ` +
        `${counts.testCases.toLocaleString('en')} test cases ${(b.bytes / 1e6).toFixed(1)} MB in ${(b.ms / 1000).toFixed(1)} s, peak +${growth.toFixed(0)} MB`,
    );
  }
  const ratio = worst / BOUND_MB;
  const pass = ratio <= 1;
  console.log(`largest growth of the server's memory: ${worst.toFixed(0)} MB (bound ${BOUND_MB} MB)`);
  console.log(`export: ${ratio.toFixed(2)} (goal <= 1) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await stopServer();
  if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(`kept ${tmp}`);
}
