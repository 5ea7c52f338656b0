// npm run bench:export — the server's memory while it exports a 100,000-test-case run, in each format.
// The server runs in its own process as `npm start` runs it (apps/server/src/main.ts, NODE_ENV=production;
// the embedded database under a temporary DATA_DIR, or a schema of its own in TEST_DATABASE_URL's
// PostgreSQL when that is set), with bench/heap-probe.mjs loaded to report its heap after a collection.
// Runs measured:
// - a run with its steps in its rows (as runs of executions are stored) of BENCH_CASES (100,000) test
//   cases, built with the server's own code while the server is stopped (runs/export/large-run.ts: the
//   run store, then its rows copied in the database): what an upload of that size would cost is not the
//   point here;
// - a run imported through the API from a generated Cucumber messages report (bench/ingest-corpus.mjs,
//   BENCH_IMPORTED_FEATURES x 50 test cases, 400 by default: 20,000; a 100,000-case report of this corpus
//   is ~680 MB, over the 512 MB upload limit): its steps are read from the stored report;
// - the same two kinds at 1,000 test cases.
// For each format the server is started afresh (what one export left is not counted in the next), a
// 1,000-case export warms it up, and its resident memory (VmRSS) is the baseline. Then each run is
// exported (GET /api/runs/export, the body read and dropped as it arrives) while VmRSS is sampled every
// 20 ms; after each export the heap is collected and its size read (heap-probe). The growth of an export
// is its peak VmRSS over the baseline. bench/load.mjs keeps the machine busy beside it (BENCH_LOAD, 1).
// The last line is the goal: `export: <largest growth> MB (goal <= 200 MB) PASS|FAIL`.
// Knobs: BENCH_CASES, BENCH_IMPORTED_FEATURES, BENCH_FORMATS (ndjson,json,junit,html), BENCH_LOAD, BENCH_KEEP=1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { writeIngestReport } from './ingest-corpus.mjs';
import { startLoad } from './load.mjs';
import { api } from './server-api.mjs';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const IMPORTED_FEATURES = Number(process.env.BENCH_IMPORTED_FEATURES ?? 400);
const FORMATS = (process.env.BENCH_FORMATS ?? 'ndjson,json,junit,html').split(',');
const BOUND_MB = 200;
const SMALL = 1000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-export-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `bench_export_${process.pid}`;
const serverEnv = {
  NODE_ENV: 'production',
  DATA_DIR: path.join(tmp, 'data'),
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  ...(pgUrl ? { DATABASE_URL: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` } : {}),
};
const { ServerClient } = await import('../packages/cli/src/server-client.ts');

let server = null;
let probeWaiter = null;

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
  server = spawn(process.execPath, ['--expose-gc', '--import', './bench/heap-probe.mjs', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: server.stderr }).on('line', (line) => {
    if (line.startsWith('heap-probe ')) {
      probeWaiter?.(JSON.parse(line.slice('heap-probe '.length)));
      probeWaiter = null;
    } else process.stderr.write(`${line}\n`);
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

/** The server's resident memory in MB (VmRSS). */
function rssMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** The server's memory after a full collection (MB), from bench/heap-probe.mjs. */
function heapAfterGc() {
  return new Promise((resolve) => {
    probeWaiter = resolve;
    server.kill('SIGUSR2');
  });
}

/** One export, its body read and dropped as it arrives, with the server's peak memory while it ran. */
async function exportOnce(base, key, runId, format) {
  let peak = rssMb();
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
  return { ms: performance.now() - t, bytes, peak, after: await heapAfterGc() };
}

/** The large stored runs, written with the server's own code while the server is stopped. */
async function storeRuns(projectId) {
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createContext } = await import('../apps/server/src/bootstrap.ts');
  const { storeLargeRun } = await import('../apps/server/src/runs/export/large-run.ts');
  // Silent: this context's execution heartbeat (an unref'd timer) would log once the database is closed.
  const ctx = await createContext(loadConfig({ ...serverEnv, LOG_LEVEL: 'silent' }));
  try {
    return { large: await storeLargeRun(ctx, projectId, CASES), small: await storeLargeRun(ctx, projectId, SMALL) };
  } finally {
    await ctx.db.destroy();
  }
}

async function withSchema(sqlText) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

let load = null;
try {
  if (pgUrl) await withSchema(`create schema "${schema}"`);
  const big = path.join(tmp, 'imported.ndjson');
  const small = path.join(tmp, 'small.ndjson');
  const counts = writeIngestReport(big, { features: IMPORTED_FEATURES, scenariosPerFeature: 50 });
  writeIngestReport(small, { features: SMALL / 50, scenariosPerFeature: 50 });

  let base = await startServer();
  const signup = await api(base, null, 'POST', 'auth/signup-without-iam', { email: 'bench@example.com', password: 'correct horse battery', firstname: 'Bench', lastname: 'Mark' });
  const projectId = (await api(base, signup.token, 'POST', 'auth/CreateProject', { name: 'Bench', url: 'https://bench.example.com' })).project.id;
  const key = (await api(base, signup.token, 'POST', 'auth/createAccessKey', { projectId, name: 'bench' })).token;
  let t = performance.now();
  const client = new ServerClient({ server: base, token: key });
  const imported = await client.uploadReport(projectId, big, { name: 'Imported run' });
  const importedSmall = await client.uploadReport(projectId, small, { name: 'Small imported run' });
  console.log(`imported: ${imported.totalScenarios.toLocaleString('en')} test cases (${(counts.bytes / 1e6).toFixed(0)} MB of NDJSON) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await stopServer();
  t = performance.now();
  const stored = await storeRuns(projectId);
  console.log(`stored: ${CASES.toLocaleString('en')} test cases with their steps in their rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  console.log(`database: ${pgUrl ? 'PostgreSQL' : 'embedded (PGlite)'}`);

  load = startLoad();
  console.log(`load: ${load.describe()}`);
  const runs = [
    ['stored 1,000', stored.small],
    [`stored ${CASES.toLocaleString('en')}`, stored.large],
    ['imported 1,000', importedSmall.runId],
    [`imported ${imported.totalScenarios.toLocaleString('en')}`, imported.runId],
  ];
  let worst = 0;
  for (const format of FORMATS) {
    await stopServer();
    base = await startServer();
    await exportOnce(base, key, stored.small, format);
    const idle = await heapAfterGc();
    const baseline = rssMb();
    const parts = [];
    for (const [name, runId] of runs) {
      const e = await exportOnce(base, key, runId, format);
      const growth = Math.max(0, e.peak - baseline);
      worst = Math.max(worst, growth);
      parts.push(`  ${name}: ${(e.bytes / 1e6).toFixed(1)} MB in ${(e.ms / 1000).toFixed(1)} s, peak +${growth.toFixed(0)} MB, heap after GC ${e.after.heapUsed} MB`);
    }
    console.log(`${format}: baseline ${baseline.toFixed(0)} MB (heap after GC ${idle.heapUsed} MB)\n${parts.join('\n')}`);
  }
  const pass = worst <= BOUND_MB;
  console.log(`export: ${worst.toFixed(0)} MB (goal <= ${BOUND_MB} MB) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  load?.stop();
  await stopServer();
  if (pgUrl) await withSchema(`drop schema if exists "${schema}" cascade`).catch((err) => console.error(`schema ${schema} left: ${err.message}`));
  if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(`kept ${tmp}`);
}
// The in-process database code (storeRuns) may leave handles open.
process.exit();
