// npm run bench:features-tree — cold and warm get-feature-list on a generated workspace of 2,000
// features and 20,000 scenarios, against a bare script that reads and parses the same files.
// The real server runs as a child process on a temporary DATA_DIR (embedded database); the workspace
// is committed with git fast-import, not through the API. The goal line is about the compact form
// of the list; the full form is measured and printed too.
// Knobs: BENCH_RUNS (5), BENCH_WARM_CALLS (15 per run), BENCH_VERBOSE=1 (warm samples),
// BENCH_LOG_LEVEL (server log level), BENCH_NODE_FLAGS (e.g. '--cpu-prof').
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateWorkspace } from './features-tree-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainTs = path.resolve(here, '../apps/server/src/main.ts');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARM_CALLS = Number(process.env.BENCH_WARM_CALLS ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-'));
const diskDir = path.join(dataDir, 'plain');
let server = null;
let port = 0;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });

async function start() {
  server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []), mainTs], {
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error' },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function stop() {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** POSTs a call; resolves when the whole body has arrived (as bytes: decoding is the client's business). */
async function call(token, name, body) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${name}: ${res.status} ${bytes.toString().slice(0, 200)}`);
  return bytes;
}
const api = async (token, name, body) => (await call(token, name, body)).toString();

/** Commits all files on main with one fast-import stream (no API involved). */
function importFiles(gitDir, files) {
  const head = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', 'main'], { encoding: 'utf8' }).trim();
  const chunks = ['commit refs/heads/main\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 23\nGenerate the workspace\n', `from ${head}\n`];
  for (const [file, content] of files) chunks.push(`M 100644 inline ${file}\ndata ${Buffer.byteLength(content)}\n${content}\n`);
  execFileSync('git', [`--git-dir=${gitDir}`, 'fast-import', '--quiet'], { input: chunks.join(''), maxBuffer: 1 << 30 });
}

function baseline() {
  const out = execFileSync(process.execPath, [path.join(here, 'features-tree-baseline.mjs'), diskDir], { encoding: 'utf8' });
  return JSON.parse(out);
}

async function timedList(token, projectId, compact) {
  const t = performance.now();
  const bytes = await call(token, 'workspace/get-feature-list', { projectId, isPrivateRepo: false, compact });
  return { ms: performance.now() - t, bytes: bytes.length };
}

/** One cold call (the first after a start, caches empty) and then `WARM_CALLS` warm ones. */
async function round(token, projectId, compact, into) {
  await start();
  // One cheap authenticated call first: the database's first query after a start is not the
  // features tree's business. The tree and parse caches are still empty.
  const t = performance.now();
  await fetch(`http://127.0.0.1:${port}/api/workspace/get-stable-versions`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  into.firstCall.push(performance.now() - t);
  const first = await timedList(token, projectId, compact);
  into.cold.push(first.ms);
  into.bytes = first.bytes;
  for (let i = 0; i < WARM_CALLS; i++) into.warm.push((await timedList(token, projectId, compact)).ms);
  await stop();
}

const fmt = (xs, d = 0) => xs.map((x) => x.toFixed(d)).join(', ');

try {
  port = await freePort();
  const files = generateWorkspace();
  for (const [file, content] of files) {
    fs.mkdirSync(path.join(diskDir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(diskDir, file), content);
  }
  await start();
  const signup = JSON.parse(await api(null, 'auth/signup-without-iam', { email: 'bench@example.com', password: 'correct horse battery', firstname: 'Bench', lastname: 'Mark' }));
  const token = signup.token;
  const projectId = JSON.parse(await api(token, 'auth/CreateProject', { name: 'Bench', url: 'https://bench.example.com' })).project.id;
  await stop();
  importFiles(path.join(dataDir, 'repos', `${projectId}.git`), files);

  await start();
  const counts = JSON.parse(await api(token, 'workspace/features-count', { projectId }));
  await stop();
  // Rounds interleave the baseline with both forms of the list, so that a change in the machine's
  // load during the run weighs on all three alike.
  const base = [];
  const full = { cold: [], warm: [], bytes: 0, firstCall: [] };
  const compact = { cold: [], warm: [], bytes: 0, firstCall: [] };
  for (let i = 0; i < RUNS; i++) {
    base.push(baseline());
    await round(token, projectId, true, compact);
    await round(token, projectId, false, full);
  }
  const baseMs = median(base.map((b) => b.ms));
  for (const m of [full, compact]) Object.assign(m, { coldMs: median(m.cold), warmMs: median(m.warm) });

  console.log(`workspace: ${counts.featuresCount} features, ${counts.scenariosCount} scenarios (baseline found ${base[0].scenarios})`);
  console.log(`baseline (read + parse from disk, fresh process): ${fmt(base.map((b) => b.ms))} ms -> median ${baseMs.toFixed(0)} ms`);
  for (const [label, m] of [['full list', full], ['compact list', compact]]) {
    console.log(`${label} (${(m.bytes / 1e6).toFixed(1)} MB): cold ${fmt(m.cold)} ms -> median ${m.coldMs.toFixed(0)} ms (${(m.coldMs / baseMs).toFixed(2)}x); ` +
      `warm median ${m.warmMs.toFixed(1)} ms of ${m.warm.length} (min ${Math.min(...m.warm).toFixed(1)}) (${(baseMs / m.warmMs).toFixed(1)}x faster)`);
  }
  console.log(`first authenticated call after a start (get-stable-versions, not counted): median ${median([...full.firstCall, ...compact.firstCall]).toFixed(0)} ms`);
  if (process.env.BENCH_VERBOSE) console.log('compact warm samples', fmt(compact.warm, 1));
  const coldRatio = compact.coldMs / baseMs;
  const warmSpeedup = baseMs / compact.warmMs;
  const pass = coldRatio <= 1.3 && warmSpeedup >= 20;
  console.log(`features-tree: ${coldRatio.toFixed(2)}x cold, ${warmSpeedup.toFixed(1)}x warm (goal cold <= 1.3x, warm >= 20x) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
