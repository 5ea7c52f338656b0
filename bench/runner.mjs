// npm run bench:runner — 50 shop scenarios (open a shop page, wait for the products, pay, open the
// receipt) against a local site whose pages and API calls take a few hundred milliseconds, like a real
// application's. Measures, in one process on the same workspace:
//   (a) ours, 1 thread: runScenarios (run process, cucumber-js, Playwright, recording every step:
//       screenshot, console, network, page, command);
//   (b) the bare baseline: plain cucumber-js (runCucumber) + Playwright with the same step library and
//       features, a tiny support file, nothing recorded (bench/runner-bare.mjs, its own process too);
//   (c) ours, 2 threads (cucumber's `parallel: 2`).
// Goals: ours/bare <= 1.10 (recording overhead), 1-thread/2-thread >= 1.7 (threads matter).
// Ours runs in the run sandbox as the server runs it (bubblewrap + pasta; RUNNER_SANDBOX, default
// bwrap: the bench refuses to run without it); the bare baseline runs unsandboxed.
// (a) and (b) run feature by feature (10 scenarios each), alternating, so that the load of other
// processes on the machine weighs on both alike; (a) and (c) each run the whole workspace once.
// Everything measured runs with the machine kept busy (BENCH_LOAD busy-loop processes, default 1:
// load.mjs); the ratio of each pair is printed, sorted, with its spread, and so is the threads ratio
// of each round.
// Knobs: BENCH_SCENARIOS (50), BENCH_RUNS (1: rounds of everything; sums and medians), BENCH_LOAD (1),
// BENCH_VERBOSE=1 (per-feature figures), CHROMIUM_PATH, BENCH_SCREENSHOTS (ours: each-step, the default and
// what the goal is judged on; on-failure or off to measure an execution that keeps fewer screenshots).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runScenarios } from '../packages/runner/src/index.ts';
import { createSandbox } from '../apps/server/src/sandbox/sandbox-probe.ts';
import { makeScratchFolders, runnerProbe, runnerSpec } from '../apps/server/src/execution-runs/runner-job.ts';
import { runCompileCache, warmRunCompileCache } from '../apps/server/src/execution-runs/compile-cache.ts';
import { startLoad } from './load.mjs';
import { KILLED_WITH_PARENT } from '../apps/server/src/sandbox/sandbox-layout.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS ?? 'each-step';
if (!['each-step', 'on-failure', 'off'].includes(SCREENSHOTS)) throw new Error('BENCH_SCREENSHOTS: each-step, on-failure or off');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---- The site under test: every response takes a while, the products render after a client-side delay.
const STYLE = 'body{font-family:sans-serif;margin:0}header{background:#234;color:#fff;padding:12px}main{padding:16px}' +
  '.card{border:1px solid #ccc;border-radius:4px;padding:8px;margin:6px 0}button{padding:8px 16px}';
const layout = (title, main, script = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/style.css"></head>` +
  `<body><header><h1>${title}</h1><nav><a href="/">Home</a> · <a href="/help">Help</a></nav></header><main>${main}</main>${script}</body></html>`;
const shopScript = (n) => `<script>
setTimeout(async () => {
  const items = await (await fetch('/api/products?order=${n}')).json();
  document.getElementById('products').innerHTML = items.map((i) => '<li class="card">' + i.name + ' <b>' + i.price + '</b></li>').join('');
  document.getElementById('status').textContent = 'Products loaded';
  const pay = document.createElement('button');
  pay.textContent = 'Pay';
  pay.onclick = async () => {
    pay.disabled = true;
    const paid = await (await fetch('/api/pay', { method: 'POST', body: '${n}' })).json();
    document.getElementById('status').textContent = 'Payment accepted for order ' + paid.order;
    const receipt = document.createElement('a');
    receipt.href = '/receipt/${n}';
    receipt.textContent = 'View receipt';
    document.querySelector('main').append(receipt);
  };
  document.querySelector('main').append(pay);
}, 300);
</script>`;

function site(req, res) {
  const url = new URL(req.url, 'http://x');
  const send = (delay, type, body, status = 200) =>
    setTimeout(() => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }, delay);
  let m;
  if (url.pathname === '/style.css') return send(40, 'text/css', STYLE);
  if ((m = /^\/shop\/(\d+)$/.exec(url.pathname))) {
    return send(250, 'text/html', layout(`Shop ${m[1]}`, '<p id="status">Loading products…</p><ul id="products"></ul>', shopScript(m[1])));
  }
  if (url.pathname === '/api/products') {
    const items = Array.from({ length: 12 }, (_, i) => ({ name: `Product ${i + 1}`, price: `${(i * 7 + 3) % 50}.99 €` }));
    return send(200, 'application/json', JSON.stringify(items));
  }
  if (url.pathname === '/api/pay') {
    let body = '';
    req.on('data', (c) => (body += c));
    return req.on('end', () => send(400, 'application/json', JSON.stringify({ order: body })));
  }
  if ((m = /^\/receipt\/(\d+)$/.exec(url.pathname))) {
    const rows = Array.from({ length: 5 }, (_, i) => `<tr><td>Product ${i + 1}</td><td>1</td><td>${i + 3}.99 €</td></tr>`).join('');
    return send(250, 'text/html', layout(`Receipt ${m[1]}`, `<table>${rows}</table><p>Thank you for your order.</p>`));
  }
  return send(20, 'text/html', layout('Not found', '<p>Nothing here</p>'), 404);
}

// ---- The workspace: features only (the steps are the built-in library's).
function writeWorkspace(dir) {
  const perFeature = 10;
  const files = [];
  for (let f = 0; f * perFeature < SCENARIOS; f++) {
    const lines = [`Feature: Orders ${f + 1}`, ''];
    for (let n = f * perFeature + 1; n <= Math.min(SCENARIOS, (f + 1) * perFeature); n++) {
      lines.push(
        `  Scenario: Order ${n} is paid and has a receipt`,
        `    Given I open the "/shop/${n}" page`,
        `    Then I should see "Shop ${n}"`,
        `    When I wait for the text "Products loaded"`,
        `    And click "Pay"`,
        `    Then I should see "Payment accepted for order ${n}"`,
        `    When click "View receipt"`,
        `    Then I should see "Receipt ${n}"`,
        `    And the page title should contain "Receipt"`,
        '',
      );
    }
    fs.mkdirSync(path.join(dir, 'features'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'features', `orders-${f + 1}.feature`), lines.join('\n'));
    files.push(`features/orders-${f + 1}.feature`);
  }
  return files;
}

const sandbox = await createSandbox(process.env.RUNNER_SANDBOX ?? 'bwrap', { warn: () => {}, info: () => {} }, runnerProbe());
let launch = null;
// Node's compile cache of the run processes, as a server has it once it has run anything (compile-cache.ts).
const compileRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-compile-'));
fs.chmodSync(compileRoot, 0o755);
const compileCtx = { config: { runCompileCacheDir: compileRoot, dataDir: compileRoot, chromiumPath: process.env.CHROMIUM_PATH, runnerMemoryMb: 4096, runnerMaxProcesses: 2048 }, sandbox, log: { warn: (o, m) => console.warn(m, o), info: () => {} } };
await warmRunCompileCache(compileCtx);

/** The run process in the sandbox, as the server starts it: the workspace is its scratch folder. */
async function sandboxed(workDir, port) {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-cache-'));
  if (sandbox.enabled) {
    makeScratchFolders(workDir);
    await sandbox.handOver(workDir);
    await sandbox.handOver(cacheDir);
  }
  const spec = runnerSpec(compileCtx.config, { scratchDir: workDir, cwd: workDir, loopbackPorts: [port], depsCacheDir: cacheDir, sandboxed: sandbox.enabled, serialization: 'advanced', compileCache: runCompileCache(compileCtx) });
  return { launch: (command) => sandbox.spawn(spec, command, ['ignore', 'ignore', 'pipe', 'ipc'], 'advanced'), cacheDir };
}

async function ours(workDir, baseUrl, parallel, paths) {
  const t = performance.now();
  const result = await runScenarios({ workDir, env: { name: 'bench', baseUrl }, parallel, paths, runName: 'bench', launch, screenshots: SCREENSHOTS });
  const ms = performance.now() - t;
  const cases = result.report.testCases;
  const passed = cases.filter((tc) => tc.result.status === 'PASSED').length;
  if (!result.success || passed !== cases.length) throw new Error(`ours (${parallel} thread(s)) did not pass: ${passed}/${cases.length} ${result.report.errors.join('; ')}`);
  const withShot = cases.reduce((n, tc) => n + tc.steps.filter((st) => st.screenshotId).length, 0);
  const stepMs = [];
  for (const tc of cases) tc.steps.forEach((st, i) => (stepMs[i] = (stepMs[i] ?? 0) + (st.result.duration ?? 0)));
  return { ms, scenarios: cases.length, withShot, distinct: result.attachments.size, stepMs };
}

/** Async: the site is served by this process, which must not block while the baseline runs. */
async function bare(workDir, baseUrl, paths) {
  const t = performance.now();
  // Ended with the bench (a parent-death signal): a killed bench left the baseline running.
  const [cmd, ...prefix] = KILLED_WITH_PARENT;
  const { stdout: out } = await promisify(execFile)(cmd, [...prefix, process.execPath, path.join(here, 'runner-bare.mjs'), workDir, baseUrl, ...paths], { encoding: 'utf8' });
  const ms = performance.now() - t;
  const r = JSON.parse(out.trim().split('\n').pop());
  if (!r.success) throw new Error(`bare run did not pass: ${out}`);
  return { ms, scenarios: r.testCases, stepMs: r.stepMs };
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-bench-runner-'));
const server = http.createServer(site);
let cacheDir = null;
let load = null;
const sorted = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s.map((x) => x.toFixed(2)).join(', ')} (spread ${(s.at(-1) - s[0]).toFixed(2)})`;
};
try {
  const features = writeWorkspace(workDir);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  const run = await sandboxed(workDir, server.address().port);
  launch = run.launch;
  cacheDir = run.cacheDir;
  // Warm-up, not measured: disk caches, Chromium's first start.
  await ours(workDir, baseUrl, 1, [`${features[0]}:3`]);

  // (a) vs (b): pairs of runs of one feature (10 scenarios) each, the order alternating, so that a change
  // in the machine's load during the bench weighs on both alike.
  const pairs = [];
  load = startLoad();
  for (let round = 0; round < RUNS; round++) {
    for (const [i, feature] of features.entries()) {
      const first = (i + round) % 2 === 0 ? 'ours' : 'bare';
      const x = first === 'ours' ? await ours(workDir, baseUrl, 1, [feature]) : await bare(workDir, baseUrl, [feature]);
      const y = first === 'ours' ? await bare(workDir, baseUrl, [feature]) : await ours(workDir, baseUrl, 1, [feature]);
      const [o, b] = first === 'ours' ? [x, y] : [y, x];
      pairs.push({ ours: o, bare: b });
      if (process.env.BENCH_VERBOSE) console.log(`${feature}: ours ${o.ms.toFixed(0)} ms, bare ${b.ms.toFixed(0)} ms (${(o.ms / b.ms).toFixed(2)})`);
      if (process.env.BENCH_VERBOSE) console.log(`  steps (ms a scenario), ours: ${o.stepMs.map((x) => (x / o.scenarios).toFixed(0)).join(' ')}; bare: ${b.stepMs.map((x) => (x / b.scenarios).toFixed(0)).join(' ')}`);
    }
  }
  const counted = pairs.reduce((n, p) => n + p.ours.scenarios + p.bare.scenarios, 0);
  if (counted !== 2 * SCENARIOS * RUNS) throw new Error(`expected ${SCENARIOS} scenarios per variant and round, ran ${counted / 2 / RUNS}`);
  const oursMs = pairs.reduce((n, p) => n + p.ours.ms, 0) / RUNS;
  const bareMs = pairs.reduce((n, p) => n + p.bare.ms, 0) / RUNS;
  const withShot = pairs.slice(0, features.length).reduce((n, p) => n + p.ours.withShot, 0);
  const distinct = pairs.slice(0, features.length).reduce((n, p) => n + p.ours.distinct, 0);

  // (a) vs (c): the whole workspace in one run, 1 thread then 2 threads.
  const one = [];
  const two = [];
  for (let round = 0; round < RUNS; round++) {
    one.push((await ours(workDir, baseUrl, 1)).ms);
    two.push((await ours(workDir, baseUrl, 2)).ms);
  }
  const [oneMs, twoMs] = [median(one), median(two)];
  const loadLine = load.describe();
  load.stop();

  const overhead = oursMs / bareMs;
  const threads = oneMs / twoMs;
  console.log(`workspace: ${SCENARIOS} scenarios x 8 steps in ${features.length} features; site: pages 250 ms, API 200-400 ms, products render 300 ms after load`);
  console.log(`bare cucumber-js + Playwright, 1 thread, one run per feature: ${bareMs.toFixed(0)} ms (${(bareMs / SCENARIOS).toFixed(0)} ms per scenario)`);
  console.log(`ours, 1 thread, one run per feature (alternating with bare): ${oursMs.toFixed(0)} ms (${(oursMs / SCENARIOS).toFixed(0)} ms per scenario; ` +
    `${withShot} steps with a screenshot, ${distinct} distinct; overhead ${((oursMs - bareMs) / SCENARIOS / 8).toFixed(1)} ms per step)`);
  console.log(`ours, all ${SCENARIOS} scenarios in one run: 1 thread ${oneMs.toFixed(0)} ms, 2 threads ${twoMs.toFixed(0)} ms`);
  console.log(`sandbox: ${sandbox.status.mode}${sandbox.status.network ? `, network ${sandbox.status.network}` : ''} (ours; run processes with the compile cache: ${runCompileCache(compileCtx) ? 'yes' : 'no'}); the bare baseline runs unsandboxed`);
  console.log(`ratio per pair (ours / bare, one feature each): ${sorted(pairs.map((p) => p.ours.ms / p.bare.ms))}; threads per round: ${sorted(one.map((ms, i) => ms / two[i]))}`);
  console.log(`machine while measuring: ${loadLine}`);
  const pass = overhead <= 1.1 && threads >= 1.7;
  const mode = SCREENSHOTS === 'each-step' ? '' : `, screenshots ${SCREENSHOTS} (not the default)`;
  console.log(`runner: ${overhead.toFixed(2)} (goal <= 1.10), threads ${threads.toFixed(2)} (goal >= 1.7)${mode} ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  load?.stop();
  server.close();
  fs.rmSync(workDir, { recursive: true, force: true });
  if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.rmSync(compileRoot, { recursive: true, force: true });
}
