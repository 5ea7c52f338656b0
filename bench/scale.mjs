// npm run bench:scale — run workers: the same 40-scenario execution (2 threads: two one-thread jobs of
// 20 scenarios) run by 1 worker process and by 2 worker processes of 1 thread each. Each scenario takes
// about a second: open a page of the bench's site (answers in 150 ms), wait for its "Ready" text
// (300 ms after load), click "Buy", see "Bought <n>" (250 ms after the click).
// The deployment is real processes: one server (`node apps/server/src/main.ts`, RUN_WORKERS=external,
// REDIS_URL) and worker processes (`apps/server/src/workers/worker-main.ts`), each running its jobs in
// the run sandbox. Measured: from the run call to the instance's stop event (socket.io), so the
// queue, the Git fetch, the sandbox, the result upload and the report are all in.
// Goal: time with 1 worker / time with 2 workers >= 1.7.
// The machine is made busy while it measures: BENCH_LOAD busy-loop processes (default 1, see load.mjs).
// Knobs: BENCH_RUNS (3: rounds, the order of the variants alternating; medians), BENCH_SCENARIOS (40),
// BENCH_REDIS_URL (else TEST_REDIS_URL, else redis://127.0.0.1:6379), BENCH_DATABASE_URL (else
// TEST_DATABASE_URL; none: the server's embedded database), CHROMIUM_PATH (/usr/bin/chromium).
import http from 'node:http';
import { io as connect } from 'socket.io-client';
import { EXECUTION_EVENTS, EXECUTION_SOCKET_PATH } from '../packages/shared/src/index.ts';
import { ProcessCluster } from '../apps/server/src/cluster/process-cluster.ts';
import { createProject, signUpUser } from '../apps/server/src/test/factories.ts';
import { startLoad } from './load.mjs';

const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THREADS = 2;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const page = (n) => `<!doctype html><html><head><meta charset="utf-8"><title>Item ${n}</title></head><body><h1>Item ${n}</h1>
<p id="status">Loading…</p><script>
setTimeout(() => {
  document.getElementById('status').textContent = 'Ready';
  const buy = document.createElement('button');
  buy.textContent = 'Buy';
  buy.onclick = () => setTimeout(() => { document.getElementById('status').textContent = 'Bought ${n}'; }, 250);
  document.body.append(buy);
}, 300);
</script></body></html>`;
const site = http.createServer((req, res) => {
  const m = /^\/item\/(\d+)$/.exec(new URL(req.url, 'http://x').pathname);
  setTimeout(() => {
    res.writeHead(m ? 200 : 404, { 'content-type': 'text/html' });
    res.end(m ? page(m[1]) : 'Not found');
  }, 150);
});

const feature = ['Feature: Items', ''];
for (let n = 1; n <= SCENARIOS; n++) {
  feature.push(`  Scenario: Item ${n} is bought`, `    Given I open the "/item/${n}" page`, '    When I wait for the text "Ready"', '    And I click the "Buy" button', `    Then I should see "Bought ${n}"`, '');
}
const execution = (name, count) => ({
  name,
  env: 'bench',
  branch: 'main',
  flows: [{
    viewport: 'Desktop - 1024px',
    browser: 'chromium',
    scenarioGroups: [{
      name: 'Items',
      threadCount: THREADS,
      tags: [],
      scenarios: Array.from({ length: count }, (_, i) => ({ featureIndex: 0, scenarioIndex: i, command: '', featurePath: 'items.feature', scenarioName: `Item ${i + 1} is bought` })),
    }],
  }],
});

const cluster = new ProcessCluster({
  redisUrl: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
let socket = null;
let load = null;
const began = performance.now();
const phase = (what) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${what}`);
try {
  await new Promise((r) => site.listen(0, '127.0.0.1', r));
  const server = await cluster.startServer('server');
  phase('server up');
  const admin = await signUpUser(server.url);
  const projectId = await createProject(admin);
  const check = (res, what) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  for (const [directory, name, content] of [
    ['features', 'items.feature', feature.join('\n')],
    ['environments', 'bench.json', JSON.stringify({ name: 'bench', baseUrl: `http://127.0.0.1:${site.address().port}` })],
  ]) check(await admin.api.post('workspace/push-file', { projectId, branch: 'main', directory, file: { name, content } }), `push ${name}`);
  const mainId = check(await admin.api.post('executions/new', { projectId, execution: execution('Scale', SCENARIOS) }), 'execution').execution._id;
  const warmId = check(await admin.api.post('executions/new', { projectId, execution: execution('Warm-up', THREADS) }), 'execution').execution._id;
  const tokens = [];
  for (const name of ['worker-1', 'worker-2']) tokens.push(check(await admin.api.post('workers/tokens', { projectId, name }), 'worker token').token);

  socket = connect(server.url, { path: EXECUTION_SOCKET_PATH, query: { token: admin.token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await socket.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeStatus, projectId);
  const stops = new Map();
  socket.on(EXECUTION_EVENTS.stop, (p) => stops.get(p.executionInstanceId)?.(p));

  /** Runs an execution; ms from the run call to its stop event. */
  async function run(executionId, expected) {
    const t = performance.now();
    let resolveStop;
    const stopped = new Promise((r) => (resolveStop = r));
    const { executionInstanceId } = check(await admin.api.post(`executions/run/${executionId}`, {}), 'run');
    stops.set(executionInstanceId, resolveStop);
    let timer;
    const status = await Promise.race([stopped, new Promise((r) => (timer = setTimeout(() => r(null), 15 * 60_000)))]);
    clearTimeout(timer);
    const ms = performance.now() - t;
    if (!status) throw new Error('the execution did not end within 15 minutes');
    if (status.status !== 'passed' || status.scenariosPassed !== expected) throw new Error(`the execution ended ${status.status}, ${status.scenariosPassed}/${expected} passed`);
    return ms;
  }
  async function startWorker(i) {
    const w = cluster.startWorker(`worker-${i + 1}`, tokens[i], server.url, 1);
    for (let waited = 0; !w.output.some((l) => l.includes('waiting for jobs')); waited += 100) {
      if (waited > 30_000 || w.child.exitCode !== null) throw new Error(`worker-${i + 1} did not register: ${w.output.join('\n')}`);
      await sleep(100);
    }
    return w;
  }

  // Warm-up, not measured: both workers fill their dependency cache, Chromium starts once.
  await startWorker(0);
  await startWorker(1);
  phase('workers registered');
  await run(warmId, THREADS);
  await cluster.stopWorkers();
  phase('warm-up done');

  const one = [];
  const two = [];
  load = startLoad();
  for (let round = 0; round < RUNS; round++) {
    for (const workers of round % 2 === 0 ? [1, 2] : [2, 1]) {
      for (let i = 0; i < workers; i++) await startWorker(i);
      const ms = await run(mainId, SCENARIOS);
      await cluster.stopWorkers();
      (workers === 1 ? one : two).push(ms);
      console.log(`round ${round + 1}, ${workers} worker(s): ${(ms / 1000).toFixed(1)} s`);
    }
  }
  const loadLine = load.describe();
  load.stop();
  const [oneMs, twoMs] = [median(one), median(two)];
  const ratios = one.map((ms, i) => ms / two[i]).sort((a, b) => a - b);
  const ratio = oneMs / twoMs;
  console.log(`execution: ${SCENARIOS} scenarios x 4 steps, ${THREADS} threads (${THREADS} one-thread jobs); site: pages 150 ms, "Ready" 300 ms after load, "Bought" 250 ms after the click`);
  console.log(`1 worker process: ${(oneMs / 1000).toFixed(1)} s (${(oneMs / SCENARIOS).toFixed(0)} ms per scenario); 2 worker processes of 1 thread: ${(twoMs / 1000).toFixed(1)} s (median of ${RUNS})`);
  console.log(`ratio per round: ${ratios.map((r) => r.toFixed(2)).join(', ')} (spread ${(ratios.at(-1) - ratios[0]).toFixed(2)})`);
  console.log(`machine while measuring: ${loadLine}`);
  console.log(`scale: ${ratio.toFixed(2)} (goal >= 1.7) ${ratio >= 1.7 ? 'PASS' : 'FAIL'}`);
} finally {
  load?.stop();
  socket?.disconnect();
  await cluster.close();
  phase('stopped');
  await new Promise((r) => site.close(r));
}
