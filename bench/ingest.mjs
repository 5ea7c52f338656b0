// npm run bench:ingest — importing a 10,000-test-case Cucumber messages report, against
// @cucumber/html-formatter rendering the same file into its HTML report.
// The report is generated (bench/ingest-corpus.mjs: 200 features, 5-8 steps per scenario, failures
// with messages and a PNG screenshot; deterministic). Then, in rounds, alternating:
//   (a) import: a real server started in this process (embedded database under a temporary DATA_DIR,
//       as `npm start` runs it) receives the file on POST /api/runs/upload-report with an access key,
//       sent as `stepwise upload` sends it (the command line's client, streamed from disk); timed from
//       the call to the answer (upload, parse, convert, blobs, rows);
//   (b) baseline: the file read, parsed and piped through @cucumber/html-formatter's CucumberHtmlStream
//       into an HTML file;
// and (c) once: GET /api/runs/cucumber-runs/get?runId=... on the imported run (the run report API).
// The last line is the goal: median import / median html <= 0.5.
// Each path first runs BENCH_WARMUP times untimed (see below).
// Knobs: BENCH_RUNS (5), BENCH_WARMUP (3), BENCH_FEATURES (200), BENCH_SCENARIOS (50 per feature), BENCH_KEEP=1
// (keep the temporary folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NdjsonToMessageStream } from '@cucumber/message-streams';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import { writeIngestReport } from './ingest-corpus.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Math.max(1, Number(process.env.BENCH_WARMUP ?? 3));
const FEATURES = Number(process.env.BENCH_FEATURES ?? 200);
const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 50);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-ingest-'));
const reportFile = path.join(tmp, 'report.ndjson');
const htmlFile = path.join(tmp, 'report.html');
const dataDir = path.join(tmp, 'data');

// The server's modules (TypeScript, run as they are on Node 24).
const { loadConfig } = await import('../apps/server/src/config.ts');
const { createContext } = await import('../apps/server/src/bootstrap.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { createLogger } = await import('../apps/server/src/logger.ts');
const { ServerClient } = await import('../packages/cli/src/server-client.ts');

/** CPU time of the process (every thread) per import and per HTML rendering. */
const cpu = { imports: [], htmls: [] };

/** The server's 'report imported' log lines: its own split of an import into convert and store. */
const phases = [];

let app = null;
let ctx = null;

async function startServer() {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0', HOST: '127.0.0.1' });
  ctx = await createContext(config);
  ctx.log = createLogger('info', false, {
    write(line) {
      const entry = JSON.parse(line);
      if (entry.msg === 'report imported') phases.push(entry);
      else if (entry.level >= 50) process.stderr.write(line);
    },
  });
  app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${app.server.address().port}`;
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

/** (a) The upload, as `stepwise upload` sends it (the command line's client: the file streamed from disk). */
async function importOnce(client, projectId, round) {
  const c0 = process.cpuUsage();
  const t = performance.now();
  const body = await client.uploadReport(projectId, reportFile, { name: `Bench ${round}` });
  const ms = performance.now() - t;
  const cu = process.cpuUsage(c0);
  cpu.imports.push((cu.user + cu.system) / 1000);
  return { ms, body };
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

/** (c) The run report API on the imported run, when the server has it. */
async function runReportOnce(base, key, runId) {
  const t = performance.now();
  const res = await fetch(`${base}/api/runs/cucumber-runs/get?runId=${runId}`, { headers: { authorization: `Bearer ${key}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t;
  return res.ok ? { ms, bytes: bytes.length } : { status: res.status };
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
  console.log(`server: started in-process (embedded database, ${dataDir}) in ${(performance.now() - t).toFixed(0)} ms`);

  // Warm-up rounds of both paths on the same file, so that what is timed is a running server's steady
  // state: module loading, JIT (the ingest worker's code is optimised over its first imports), the
  // database's first queries, and the process's memory, whose allocator grows over the first imports
  // to the size an upload needs (until then each upload's chunks land on fresh pages: measured 10,000-
  // 38,000 page faults and up to 2x the time of a later upload).
  const warmups = [];
  for (let i = 0; i < WARMUP; i++) {
    await htmlOnce();
    warmups.push(await importOnce(client, projectId, `warm-up ${i + 1}`));
  }
  const warm = warmups.at(-1);
  console.log(`warm-up imports: ${fmt(warmups.map((w) => w.ms))} ms (${warm.body.totalScenarios} scenarios, ${warm.body.scenariosFailed} failed, status ${warm.body.runStatus})`);

  phases.length = 0;
  cpu.imports.length = 0;
  cpu.htmls.length = 0;
  const imports = [];
  const htmls = [];
  let last = warm.body;
  for (let i = 1; i <= RUNS; i++) {
    htmls.push(await htmlOnce());
    const done = await importOnce(client, projectId, i);
    imports.push(done.ms);
    last = done.body;
  }
  const rows = await ctx.db.selectFrom('test_cases').select((eb) => eb.fn.countAll().as('n')).where('run_id', '=', last.runId).executeTakeFirst();
  const blobs = fs.readdirSync(path.join(dataDir, 'blobs', 'runs', projectId, last.runId)).length;
  console.log(`stored run: ${rows.n} test case rows, ${blobs} blobs (the report as it came and the index of its test cases)`);

  const report = await runReportOnce(base, key, last.runId);
  const html = median(htmls);
  const imp = median(imports);
  console.log(`html-formatter (baseline): ${fmt(htmls)} ms -> median ${html.toFixed(0)} ms (${(fs.statSync(htmlFile).size / 1e6).toFixed(1)} MB of HTML)`);
  console.log(`import (POST upload-report, end to end): ${fmt(imports)} ms -> median ${imp.toFixed(0)} ms`);
  console.log(`  server's split: until the upload was received ${fmt(phases.map((p) => p.convertMs))} ms, then to the commit ${fmt(phases.map((p) => p.storeMs))} ms`);
  console.log(`cpu (all threads): import median ${median(cpu.imports).toFixed(0)} ms, html-formatter median ${median(cpu.htmls).toFixed(0)} ms`);
  if (report.ms !== undefined) console.log(`run-report API: ${report.ms.toFixed(0)} ms (${(report.bytes / 1e6).toFixed(1)} MB)`);
  else console.log(`run-report API: n/a (GET runs/cucumber-runs/get answered ${report.status})`);
  const ratio = imp / html;
  const pass = ratio <= 0.5;
  console.log(`ingest: ${ratio.toFixed(2)} (goal <= 0.5) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await app?.close().catch(() => {});
  await ctx?.db.destroy().catch(() => {});
  if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(`kept ${tmp}`);
}
