// node bench/ingest-alternatives.mjs — the parsing stage of an import without the byte scanner, on
// bench:ingest's report (bench/ingest-corpus.mjs), against @cucumber/html-formatter on the same file.
// Each alternative reads every line of the report and keeps what a test case's row needs (its status,
// worst step, duration, failure message), in worker threads started beforehand (modules loaded), the
// report in a SharedArrayBuffer cut at line ends into one part per thread:
//   json-1 / json-2: JSON.parse per line in 1 or 2 worker threads;
//   scanner: the import's own worker thread (apps/server/src/runs/ingest/ingest-worker.ts) on the same
//     buffer, every row made (and sent to this thread, where nothing inserts it).
// (The npm `simdjson` package builds on Node 24 but takes 15-24x the CPU of JSON.parse per message,
// its objects made through the addon's calls; see docs/PERFORMANCE.md.)
// No rows are written and no database is touched, and with 2 threads a test case cut between the two
// parts is not put back together: each figure is a lower bound of an import built that way. Compare it
// with bench:ingest's whole import (upload, scanner, rows, PGlite, the report stored) in the same
// conditions. The machine is kept busy as in the other benchmarks (BENCH_LOAD, default 1).
// Knobs: BENCH_RUNS (5), BENCH_LOAD (1), BENCH_FEATURES (200), BENCH_SCENARIOS (50 per feature).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { NdjsonToMessageStream } from '@cucumber/message-streams';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import { writeIngestReport } from './ingest-corpus.mjs';
import { startLoad } from './load.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-ingest-alt-'));
const reportFile = path.join(tmp, 'report.ndjson');

/** The worker: parses its part of the buffer line by line and folds test cases as an import would. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const bytes = Buffer.from(workerData.sab);
const RANK = { UNKNOWN: 0, PASSED: 1, SKIPPED: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };
parentPort.on('message', ({ start, end }) => {
  const started = new Map();
  const rows = [];
  let lines = 0;
  for (let at = start; at < end; ) {
    let nl = bytes.indexOf(10, at);
    if (nl < 0 || nl > end) nl = end;
    if (nl > at) {
      const m = JSON.parse(bytes.toString('utf8', at, nl));
      lines++;
      if (m.testCaseStarted) started.set(m.testCaseStarted.id, { caseId: m.testCaseStarted.testCaseId, status: 'PASSED', rank: 1, message: null, t0: m.testCaseStarted.timestamp.seconds });
      else if (m.testStepFinished) {
        const c = started.get(m.testStepFinished.testCaseStartedId);
        const r = m.testStepFinished.testStepResult;
        if (c && (RANK[r.status] ?? 0) > c.rank) Object.assign(c, { status: r.status, rank: RANK[r.status], message: r.message ?? null });
      } else if (m.testCaseFinished) {
        const c = started.get(m.testCaseFinished.testCaseStartedId);
        if (c) {
          rows.push([c.caseId, c.status, m.testCaseFinished.timestamp.seconds - c.t0, c.message]);
          started.delete(m.testCaseFinished.testCaseStartedId);
        }
      }
    }
    at = nl + 1;
  }
  parentPort.postMessage({ lines, rows: rows.length });
});
`;

/** Part ends of the buffer at line ends, `parts` of them. */
function cut(bytes, parts) {
  const ends = [];
  for (let i = 1; i < parts; i++) ends.push(bytes.indexOf(10, Math.floor((bytes.length * i) / parts)) + 1);
  return [0, ...ends, bytes.length];
}

async function alternative(name, threads, sab) {
  const workers = Array.from({ length: threads }, () => new Worker(WORKER, { eval: true, workerData: { sab } }));
  const bounds = cut(Buffer.from(sab), threads);
  const once = async () => {
    const c0 = process.cpuUsage();
    const t = performance.now();
    const answers = await Promise.all(
      workers.map((w, i) => new Promise((resolve) => {
        w.once('message', resolve);
        w.postMessage({ start: bounds[i], end: bounds[i + 1] });
      })),
    );
    const c = process.cpuUsage(c0);
    return { ms: performance.now() - t, cpuMs: (c.user + c.system) / 1000, rows: answers.reduce((n, a) => n + a.rows, 0) };
  };
  return { name, once, stop: () => Promise.all(workers.map((w) => w.terminate())) };
}

/** The import's own worker: the byte scanner, the test cases folded and their rows made. */
async function scanner(sab) {
  const worker = new Worker(new URL('../apps/server/src/runs/ingest/ingest-worker.ts', import.meta.url));
  const run = { runId: '00000000-0000-4000-8000-000000000000', projectId: '00000000-0000-4000-8000-000000000001', name: 'bench', mode: 'local', username: null, env: null, branch: null, type: 'local', userId: null, meta: {} };
  const once = async () => {
    const c0 = process.cpuUsage();
    const t = performance.now();
    const result = await new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m.kind === 'failed') reject(new Error(m.message));
        if (m.kind !== 'result') return;
        worker.off('message', onMessage);
        resolve(m);
      };
      worker.on('message', onMessage);
      worker.postMessage({ kind: 'start', job: { sab, run } });
      worker.postMessage({ kind: 'data', end: sab.byteLength, final: true });
    });
    const c = process.cpuUsage(c0);
    if (result.problem) throw new Error(`the scanner refused the report: ${JSON.stringify(result.problem)}`);
    return { ms: performance.now() - t, cpuMs: (c.user + c.system) / 1000, rows: result.testCases };
  };
  return { name: 'scanner (the import\'s worker, rows made, 1 thread)', once, stop: () => worker.terminate() };
}

async function html() {
  const c0 = process.cpuUsage();
  const t = performance.now();
  await pipeline(fs.createReadStream(reportFile, { highWaterMark: 1024 * 1024 }), new NdjsonToMessageStream(), new CucumberHtmlStream(), fs.createWriteStream(path.join(tmp, 'report.html')));
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t, cpuMs: (c.user + c.system) / 1000 };
}

let load = null;
const alts = [];
try {
  const counts = writeIngestReport(reportFile, { features: Number(process.env.BENCH_FEATURES ?? 200), scenariosPerFeature: Number(process.env.BENCH_SCENARIOS ?? 50) });
  const file = fs.readFileSync(reportFile);
  const sab = new SharedArrayBuffer(file.length);
  file.copy(Buffer.from(sab));
  console.log(`report: ${counts.testCases} test cases, ${(counts.bytes / 1e6).toFixed(1)} MB of NDJSON`);
  alts.push(await scanner(sab));
  alts.push(await alternative('json-1 (JSON.parse, 1 thread)', 1, sab));
  alts.push(await alternative('json-2 (JSON.parse, 2 threads)', 2, sab));
  // Warm-up, not measured: module loading, the JIT, the threads' heaps.
  await html();
  for (const a of alts) for (let i = 0; i < 2; i++) await a.once();

  load = startLoad();
  const results = Object.fromEntries([['html', []], ...alts.map((a) => [a.name, []])]);
  for (let round = 0; round < RUNS; round++) {
    results.html.push(await html());
    for (const a of alts) results[a.name].push(await a.once());
  }
  const loadLine = load.describe();
  load.stop();
  const base = results.html;
  const baseMs = median(base.map((r) => r.ms));
  const baseCpu = median(base.map((r) => r.cpuMs));
  console.log(`html-formatter (baseline): median ${baseMs.toFixed(0)} ms, CPU ${baseCpu.toFixed(0)} ms`);
  for (const a of alts) {
    const rs = results[a.name];
    const ratios = rs.map((r, i) => r.ms / base[i].ms).sort((x, y) => x - y);
    console.log(
      `${a.name}: ${rs.map((r) => r.ms.toFixed(0)).join(', ')} ms -> median ${median(rs.map((r) => r.ms)).toFixed(0)} ms ` +
        `(${(median(rs.map((r) => r.ms)) / baseMs).toFixed(2)}x the HTML; per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, spread ${(ratios.at(-1) - ratios[0]).toFixed(2)}); ` +
        `CPU median ${median(rs.map((r) => r.cpuMs)).toFixed(0)} ms (${(median(rs.map((r) => r.cpuMs)) / baseCpu).toFixed(2)}x); ${rs[0].rows} test cases folded`,
    );
  }
  console.log(`machine while measuring: ${loadLine}`);
} finally {
  load?.stop();
  for (const a of alts) await a.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
