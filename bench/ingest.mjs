// npm run bench:ingest — importing a 10,000-test-case Cucumber messages report, against
// @cucumber/html-formatter rendering the same file into its HTML report.
// The report is generated (bench/ingest-corpus.mjs: 200 features, 5-8 steps per scenario, failures
// with messages and a PNG screenshot; deterministic). Then, in rounds, alternating:
//   (a) import: the server, started in its own process as `npm start` runs it (apps/server/src/main.ts,
//       NODE_ENV=production, the embedded database under a temporary DATA_DIR), receives the file on
//       POST /api/runs/upload-report with an access key, sent from this process as `stepwise upload`
//       sends it (the command line's client, streamed from disk); timed from the call to the answer
//       (upload, parse, convert, blobs, rows);
//   (b) baseline: in this process, as its users run it (plain Node), the file read, parsed and piped
//       through @cucumber/html-formatter's CucumberHtmlStream into an HTML file;
// and (c) once: GET /api/runs/cucumber-runs/get?runId=... on the imported run (the run report API).
// Each side runs in its own process with its own runtime settings: in one process, the server's V8
// flags and the formatter's garbage changed each other's times (docs/PERFORMANCE.md).
// Each path first runs BENCH_WARMUP times untimed (module loading, JIT, the first queries, the
// processes' memory growing to its working size).
// The measured rounds run with the machine kept busy (BENCH_LOAD busy-loop processes, default 1:
// load.mjs); the ratio of each round (its import against its own HTML rendering) is printed, sorted,
// with its spread.
// The last line is the goal: median import / median html <= 0.5 (wall time: an import is meant to
// use both cores, its worker thread beside the main thread, so its CPU time is printed but not judged).
// Knobs: BENCH_RUNS (9: single rounds vary by up to 30% on a busy machine), BENCH_WARMUP (3), BENCH_LOAD (1),
// BENCH_FEATURES (200), BENCH_SCENARIOS (50 per feature), BENCH_KEEP=1 (keep the temporary folder).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { NdjsonToMessageStream } from '@cucumber/message-streams';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import { writeIngestReport } from './ingest-corpus.mjs';
import { startLoad } from './load.mjs';
import { cpuMsOf } from './proc-cpu.mjs';
import { api } from './server-api.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = Math.max(1, Number(process.env.BENCH_WARMUP ?? 3));
const FEATURES = Number(process.env.BENCH_FEATURES ?? 200);
const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 50);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-ingest-'));
const reportFile = path.join(tmp, 'report.ndjson');
const htmlFile = path.join(tmp, 'report.html');
const dataDir = path.join(tmp, 'data');

// The command line's client (TypeScript, run as it is on Node 24).
const { ServerClient } = await import('../packages/cli/src/server-client.ts');

/** CPU time per import (the server process's, every thread, and this process's: the client) and per HTML rendering. */
const cpu = { imports: [], clients: [], htmls: [] };
/** The scenario history recorded after each import's answer: wall and server CPU. */
const history = { ms: [], cpu: [] };
/** Where the history is read: the server and the access key. */
const reader = { base: '', key: '' };

/** The server's 'report imported' log lines: its own split of an import into receiving and storing. */
const phases = [];

let server = null;
let load = null;

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

/** The server's CPU time so far (user + system, every thread), from /proc. */
function serverCpuMs() {
  return cpuMsOf(server.pid);
}

async function startServer() {
  const port = await freePort();
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server stopped (exit code ${code})`)));
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (entry.msg === 'report imported') phases.push(entry);
      else if (typeof entry.msg === 'string' && entry.msg.startsWith('Stepwise is running')) resolve();
      else if (entry.level >= 50) process.stderr.write(`${line}\n`);
    });
  });
  await started;
  return `http://127.0.0.1:${port}`;
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

/** (a) The upload, as `stepwise upload` sends it (the command line's client: the file streamed from disk). */
async function importOnce(client, projectId, round) {
  const s0 = serverCpuMs();
  const c0 = process.cpuUsage();
  const t = performance.now();
  const body = await client.uploadReport(projectId, reportFile, { name: `Bench ${round}` });
  const ms = performance.now() - t;
  const cu = process.cpuUsage(c0);
  cpu.clients.push((cu.user + cu.system) / 1000);
  cpu.imports.push(serverCpuMs() - s0);
  await historyOnce(body.runId);
  return { ms, body };
}

/**
 * The run's scenario history, which the server records after its answer (runs/history/history-catch-up.ts):
 * waited for before the next round, not timed as the import, printed beside. A read of the run's marks
 * answers once every run stored before it is in the history.
 */
async function historyOnce(runId) {
  const s0 = serverCpuMs();
  const t = performance.now();
  const res = await fetch(`${reader.base}/api/runs/history/run-marks?runId=${runId}`, { headers: { authorization: `Bearer ${reader.key}` } });
  if (!res.ok) throw new Error(`runs/history/run-marks answered ${res.status}`);
  await res.arrayBuffer();
  history.ms.push(performance.now() - t);
  history.cpu.push(serverCpuMs() - s0);
}

/** (b) The baseline: the HTML report of the same messages. */
async function htmlOnce() {
  const c0 = process.cpuUsage();
  const t = performance.now();
  await pipeline(fs.createReadStream(reportFile, { highWaterMark: 1024 * 1024 }), new NdjsonToMessageStream(), new CucumberHtmlStream(), fs.createWriteStream(htmlFile));
  const cu = process.cpuUsage(c0);
  cpu.htmls.push((cu.user + cu.system) / 1000);
  return performance.now() - t;
}

/** (c) The run report API on the imported run. */
async function runReportOnce(base, key, runId) {
  const t = performance.now();
  const res = await fetch(`${base}/api/runs/cucumber-runs/get?runId=${runId}`, { headers: { authorization: `Bearer ${key}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t;
  return res.ok ? { ms, bytes: bytes.length, testCases: JSON.parse(bytes.toString('utf8')).run.report.testCases.length } : { status: res.status };
}

try {
  let t = performance.now();
  const counts = writeIngestReport(reportFile, { features: FEATURES, scenariosPerFeature: SCENARIOS });
  console.log(
    `report: ${counts.testCases} test cases (${counts.failed} failing, ${counts.attachments} screenshots), ${counts.steps} test steps, ` +
      `${(counts.bytes / 1e6).toFixed(1)} MB of NDJSON (generated in ${(performance.now() - t).toFixed(0)} ms)`,
  );
  t = performance.now();
  const base = await startServer();
  const signup = await api(base, null, 'POST', 'auth/signup-without-iam', { email: 'bench@example.com', password: 'correct horse battery', firstname: 'Bench', lastname: 'Mark' });
  const projectId = (await api(base, signup.token, 'POST', 'auth/CreateProject', { name: 'Bench', url: 'https://bench.example.com' })).project.id;
  const key = (await api(base, signup.token, 'POST', 'auth/createAccessKey', { projectId, name: 'bench' })).token;
  const client = new ServerClient({ server: base, token: key });
  Object.assign(reader, { base, key });
  console.log(`server: started in its own process (pid ${server.pid}, embedded database under ${dataDir}) in ${(performance.now() - t).toFixed(0)} ms`);

  const warmups = [];
  for (let i = 0; i < WARMUP; i++) {
    await htmlOnce();
    warmups.push(await importOnce(client, projectId, `warm-up ${i + 1}`));
  }
  const warm = warmups.at(-1).body;
  console.log(`warm-up imports: ${fmt(warmups.map((w) => w.ms))} ms (${warm.totalScenarios} scenarios, ${warm.scenariosFailed} failed, status ${warm.runStatus})`);
  phases.length = 0;
  for (const list of Object.values(cpu)) list.length = 0;
  for (const list of Object.values(history)) list.length = 0;

  const imports = [];
  const htmls = [];
  let last = warm;
  load = startLoad();
  for (let i = 1; i <= RUNS; i++) {
    // The order alternates, so that neither side always follows the other's garbage.
    if (i % 2) htmls.push(await htmlOnce());
    const done = await importOnce(client, projectId, i);
    imports.push(done.ms);
    last = done.body;
    if (!(i % 2)) htmls.push(await htmlOnce());
  }
  const loadLine = load.describe();
  load.stop();
  const rounds = imports.map((ms, i) => ms / htmls[i]).sort((a, b) => a - b);
  const report = await runReportOnce(base, key, last.runId);
  const blobs = fs.readdirSync(path.join(dataDir, 'blobs', 'runs', projectId, last.runId)).length;
  console.log(`stored run: ${report.testCases ?? '?'} test cases in its report, ${blobs} blobs (the report as it came and the index of its test cases)`);
  const html = median(htmls);
  const imp = median(imports);
  console.log(`html-formatter (baseline): ${fmt(htmls)} ms -> median ${html.toFixed(0)} ms (${(fs.statSync(htmlFile).size / 1e6).toFixed(1)} MB of HTML)`);
  console.log(`import (POST upload-report, end to end): ${fmt(imports)} ms -> median ${imp.toFixed(0)} ms`);
  console.log(`  the scenario history after the answer (waited for, not in the import's time): ${fmt(history.ms)} ms, server CPU median ${median(history.cpu).toFixed(0)} ms`);
  console.log(`  server's split: until the upload was received ${fmt(phases.map((p) => p.convertMs))} ms, then to the commit ${fmt(phases.map((p) => p.storeMs))} ms`);
  console.log(
    `cpu: import median ${median(cpu.imports).toFixed(0)} ms in the server (every thread) + ${median(cpu.clients).toFixed(0)} ms in the client, ` +
      `html-formatter median ${median(cpu.htmls).toFixed(0)} ms`,
  );
  if (report.ms !== undefined) console.log(`run-report API: ${report.ms.toFixed(0)} ms (${(report.bytes / 1e6).toFixed(1)} MB)`);
  else console.log(`run-report API: n/a (GET runs/cucumber-runs/get answered ${report.status})`);
  console.log(`ratio per round (import / that round's HTML): ${rounds.map((r) => r.toFixed(2)).join(', ')} (spread ${(rounds.at(-1) - rounds[0]).toFixed(2)})`);
  console.log(`cpu ratio (server + client / html-formatter, medians): ${((median(cpu.imports) + median(cpu.clients)) / median(cpu.htmls)).toFixed(2)}`);
  console.log(`machine while measuring: ${loadLine}`);
  const ratio = imp / html;
  const pass = ratio <= 0.5;
  console.log(`ingest: ${ratio.toFixed(2)} (goal <= 0.5) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  load?.stop();
  await stopServer();
  if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(`kept ${tmp}`);
}
