// npm run bench:api — the API's throughput under load: autocannon (100 connections) against the runs
// list (POST runs/project/getDetails, 20 rows of a project with BENCH_API_RUNS uploaded runs) and the
// features tree (POST workspace/get-feature-list, compact, a workspace of 50 features and 500
// scenarios) as the web app reads it again (naming the commit of the tree it holds: the answer
// without the tree) and, printed but not judged, its first load; side by side with a bare Fastify hello-world in its own process on the same machine.
// The real server is a child process (`node apps/server/src/main.ts`, production): first on its
// embedded database (PGlite), then on PostgreSQL (a database of its own, dropped at the end).
// Goal, per endpoint and database: req/s >= 0.5x the hello-world's, p99 < 50 ms, 0 errors.
// Each round measures hello-world and the two endpoints in an order that rotates; medians of rounds.
// The machine is made busy while it measures: BENCH_LOAD busy-loop processes (default 1, see load.mjs).
// Knobs: BENCH_RUNS (5 rounds), BENCH_DURATION (5 s per measurement), BENCH_CONNECTIONS (100),
// BENCH_API_RUNS (40 runs), BENCH_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test: the
// server of which a database is made; 'none' to skip PostgreSQL), BENCH_NODE_FLAGS (e.g. '--cpu-prof'),
// BENCH_TARGETS (e.g. 'runs list': only the targets named, separated by ';').
// Requests carry `accept-encoding: gzip, deflate, br` as Chromium's do: the answers go out compressed.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createProject, signUpUser } from '../apps/server/src/test/factories.ts';
import { generateWorkspace } from './features-tree-corpus.mjs';
import { writeIngestReport } from './ingest-corpus.mjs';
import { startLoad } from './load.mjs';
import { cpuMsOf } from './proc-cpu.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const API_RUNS = Number(process.env.BENCH_API_RUNS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATIO_GOAL = 0.5;
const P99_GOAL = 50;
const ACCEPT_ENCODING = 'gzip, deflate, br';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs, digits = 2) => `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });

/** A child process listening on `port`; resolves once `probe` answers. */
async function startProcess(args, env, port, probe) {
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    if (i > 600 || child.exitCode !== null) throw new Error(`${args.join(' ')} did not start`);
    if (await fetch(`http://127.0.0.1:${port}${probe}`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const HELLO = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

/** A process's CPU time so far in ms (user + system, /proc: Linux), or NaN elsewhere. */
function cpuMsOrNaN(pid) {
  try {
    return cpuMsOf(pid);
  } catch {
    return NaN;
  }
}

/**
 * One autocannon measurement: req/s (mean), p99 latency, errors (connection errors, timeouts, non-2xx),
 * and the CPU each request cost the server (`target.pid`) and the client (autocannon, in this process), in µs.
 */
async function measure(target) {
  const { pid, ...options } = target;
  const server0 = cpuMsOrNaN(pid);
  const client0 = process.cpuUsage();
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  const client = process.cpuUsage(client0);
  const count = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    bytes: r.throughput.average,
    serverUs: ((cpuMsOrNaN(pid) - server0) * 1000) / count,
    clientUs: (client.user + client.system) / count,
  };
}

/** A server on `databaseUrl` (none: PGlite) with a project, its runs and its workspace; the targets. */
async function seededServer(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stepwise-bench-api-${name}-`));
  const port = await freePort();
  const flags = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [];
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const child = await startProcess([...flags, path.resolve(here, '../apps/server/src/main.ts')], env, port, '/api/config');
  const base = `http://127.0.0.1:${port}`;
  const user = await signUpUser(base);
  const projectId = await createProject(user, { name: 'Bench' });
  const report = path.join(dataDir, 'report.ndjson');
  writeIngestReport(report, { features: 5, scenariosPerFeature: 10 });
  const body = fs.readFileSync(report);
  for (let i = 0; i < API_RUNS; i++) {
    const res = await fetch(`${base}/api/runs/upload-report?projectId=${projectId}&name=Run+${i}&branch=main&env=bench`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/x-ndjson' },
      body,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
  const gitDir = path.join(dataDir, 'repos', `${projectId}.git`);
  const head = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', 'main'], { encoding: 'utf8' }).trim();
  const chunks = ['commit refs/heads/main\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 5\nBench\n', `from ${head}\n`];
  for (const [file, content] of generateWorkspace({ features: 50, scenariosPerFeature: 10 })) chunks.push(`M 100644 inline ${file}\ndata ${Buffer.byteLength(content)}\n${content}\n`);
  execFileSync('git', [`--git-dir=${gitDir}`, 'fast-import', '--quiet'], { input: chunks.join(''), maxBuffer: 1 << 30 });

  // Every request says what Chromium says of the encodings it takes (the web app's calls all do).
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING };
  const targets = {
    'runs list': { url: `${base}/api/runs/project/getDetails`, method: 'POST', headers, body: JSON.stringify({ projectId, limit: 20 }) },
    'features tree': { url: `${base}/api/workspace/get-feature-list`, method: 'POST', headers, body: JSON.stringify({ projectId, isPrivateRepo: false, compact: true }) },
  };
  for (const [what, t] of Object.entries(targets)) {
    const res = await fetch(t.url, t);
    const text = await res.text();
    if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 200)}`);
    t.size = Buffer.byteLength(text);
    if (what === 'features tree') {
      // The web app's every later read of the tree names the commit of the one it holds (features.api.ts).
      const held = { ...t, body: JSON.stringify({ ...JSON.parse(t.body), knownCommit: JSON.parse(text).commit }) };
      const again = await fetch(held.url, held);
      const answer = await again.json();
      if (!again.ok || answer.unchanged !== true) throw new Error(`features tree, held: ${again.status} ${JSON.stringify(answer).slice(0, 200)}`);
      held.size = Buffer.byteLength(JSON.stringify(answer));
      targets['features tree, held'] = held;
    }
  }
  // The first load of the tree (288 KB of JSON, 23 KB as sent) is printed, not judged: its bytes are the limit (PERFORMANCE.md).
  targets['features tree'].judged = false;
  for (const t of Object.values(targets)) t.pid = child.pid;
  // BENCH_TARGETS (names, separated by ';'): only those measured, e.g. to profile one of them.
  const only = process.env.BENCH_TARGETS?.split(';').map((n) => n.trim());
  if (only) for (const name of Object.keys(targets)) if (!only.includes(name)) delete targets[name];
  return { child, dataDir, targets };
}

/** Rounds of hello-world and each target, the order rotating; per target the ratio to hello-world of each round. */
async function rounds(label, hello, targets) {
  const names = ['hello', ...Object.keys(targets)];
  const all = { ...targets, hello };
  const r = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < RUNS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const n of order) r[n].push(await measure(all[n]));
    const cpu = (m) => `, CPU a request: server ${m.serverUs.toFixed(0)} µs, client ${m.clientUs.toFixed(0)} µs`;
    console.log(`${label} round ${round + 1}: ${names.map((n) => `${n} ${r[n].at(-1).rps.toFixed(0)} req/s p99 ${r[n].at(-1).p99} ms${cpu(r[n].at(-1))}${r[n].at(-1).errors ? ` ${r[n].at(-1).errors} errors` : ''}`).join('; ')}`);
  }
  const results = [];
  for (const n of Object.keys(targets)) {
    const ratios = r[n].map((m, i) => m.rps / r.hello[i].rps);
    const ratio = median(ratios);
    const p99 = median(r[n].map((m) => m.p99));
    const errors = r[n].reduce((s, m) => s + m.errors, 0);
    const judged = targets[n].judged !== false;
    const pass = ratio >= RATIO_GOAL && p99 < P99_GOAL && errors === 0;
    const sent = median(r[n].map((m) => (m.rps ? m.bytes / m.rps : 0)));
    console.log(`${label}, ${n} (${(targets[n].size / 1024).toFixed(1)} KB of JSON, ${(sent / 1024).toFixed(1)} KB as sent): ${median(r[n].map((m) => m.rps)).toFixed(0)} req/s vs hello-world ${median(r.hello.map((m) => m.rps)).toFixed(0)}: ${ratio.toFixed(2)}x (spread ${spread(ratios)}), p99 ${p99} ms (spread ${spread(r[n].map((m) => m.p99), 0)}), ${errors} errors ${judged ? (pass ? 'PASS' : 'FAIL') : '(not judged)'}`);
    if (judged) results.push({ label: `${label} ${n}`, ratio, pass });
  }
  return results;
}

let hello = null;
let helloDir = null;
const servers = [];
let load = null;
let pgAdmin = null;
let pgDatabase = null;
try {
  helloDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-hello-'));
  const helloFile = path.join(helloDir, 'hello.mjs');
  fs.writeFileSync(helloFile, HELLO);
  const helloPort = await freePort();
  // The hello-world imports fastify from this checkout's node_modules (NODE_PATH does not apply to ESM).
  fs.symlinkSync(path.resolve(here, '../node_modules'), path.join(path.dirname(helloFile), 'node_modules'));
  hello = await startProcess([helloFile], {}, helloPort, '/');
  const helloTarget = { url: `http://127.0.0.1:${helloPort}/`, headers: { 'accept-encoding': ACCEPT_ENCODING }, pid: hello.pid };

  const results = [];
  const pglite = await seededServer('pglite', undefined);
  servers.push(pglite);
  load = startLoad();
  results.push(...(await rounds('PGlite', helloTarget, pglite.targets)));
  load.stop();
  await stopProcess(pglite.child);

  if (PG_URL !== 'none') {
    pgDatabase = `stepwise_bench_api_${process.pid}`;
    pgAdmin = new pg.Client({ connectionString: PG_URL });
    await pgAdmin.connect();
    await pgAdmin.query(`CREATE DATABASE ${pgDatabase}`);
    const url = new URL(PG_URL);
    url.pathname = `/${pgDatabase}`;
    const postgres = await seededServer('postgres', url.toString());
    servers.push(postgres);
    load = startLoad();
    results.push(...(await rounds('PostgreSQL', helloTarget, postgres.targets)));
    load.stop();
    await stopProcess(postgres.child);
  }
  const loadLine = load.describe();
  const worst = results.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const pass = results.every((x) => x.pass);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per measurement, medians of ${RUNS} rounds; machine while measuring: ${loadLine}`);
  console.log(`api: ${worst.ratio.toFixed(2)}x (${worst.label}; goal >= ${RATIO_GOAL}x, p99 < ${P99_GOAL} ms, 0 errors) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  load?.stop();
  await stopProcess(hello);
  if (helloDir) fs.rmSync(helloDir, { recursive: true, force: true });
  for (const s of servers) {
    await stopProcess(s.child);
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
  if (pgAdmin) {
    if (pgDatabase) await pgAdmin.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
    await pgAdmin.end();
  }
}
