// npm run bench:ai-steps — English steps the built-in step library does not have, over the demo
// shop's pages (bench/ai-steps-suite.mjs), turned into code by the offline AI (POST ai/plain-english:
// a walk of each scenario in a trial browser in the run sandbox), then run for real in one execution.
// Measures the share of English steps whose generated code passes on its first run. The baseline, in
// the same run: the share of the same steps the step library alone has (it should have none: the
// suite is made of steps it lacks). Goal: >= 85% offline. The OpenAI-compatible provider's share is
// printed when AI_BASE_URL names one.
import { EXECUTION_EVENTS } from '@stepwise/shared';
import { startTestServer } from '../apps/server/src/test/test-server.ts';
import { createProject, signUpUser } from '../apps/server/src/test/factories.ts';
import { listTestCases } from '../apps/server/src/runs/runs.repository.ts';
import { builtinLibrary } from '../apps/server/src/steps/builtin-library.ts';
import { StepMatcher } from '../apps/server/src/steps/step-matcher.ts';
import { SUITE } from './ai-steps-suite.mjs';

const GOAL = 0.85;
const server = await startTestServer({}, { chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const events = [];
server.ctx.executions.hub.onStatus((m) => events.push(m));
try {
  const user = await signUpUser(server.baseUrl);
  const projectId = await createProject(user, { name: 'AI steps bench', demo: true });
  const total = SUITE.reduce((n, s) => n + s.steps.length, 0);
  // The baseline: what the step library alone runs of the suite, as written.
  const libraryMatcher = new StepMatcher(builtinLibrary().definitions);
  const library = SUITE.flatMap((s) => s.steps).filter((text) => libraryMatcher.match(text).length > 0).length;
  let generated = 0;
  const saved = [];
  const t0 = performance.now();
  for (const scenario of SUITE) {
    const res = await user.api.post('ai/plain-english', {
      projectId, branch: 'main', environment: 'demo', featureName: 'AI steps bench', scenarioName: scenario.name, text: scenario.steps.join('\n'),
    });
    if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} ${JSON.stringify(res.body)}`);
    generated += res.body.steps.filter((s) => s.source === 'ai').length;
    for (const s of res.body.steps.filter((x) => x.source === 'stub')) if (process.env.BENCH_VERBOSE) console.log(`  ${scenario.name}: ${s.source} "${s.text}": ${s.reasoning}`);
    saved.push({ name: res.body.scenarioName, path: res.body.path });
  }
  const generateMs = performance.now() - t0;

  const created = await user.api.post('executions/new', {
    projectId,
    execution: {
      name: 'AI steps bench', env: 'demo', branch: 'main',
      flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'Suite', threadCount: 2, tags: [], scenarios: saved.map((s, i) => ({ featureIndex: 0, scenarioIndex: i, command: '', featurePath: s.path, scenarioName: s.name })) }] }],
    },
  });
  if (created.status !== 200) throw new Error(`execution: ${JSON.stringify(created.body)}`);
  const live = await server.ctx.executions.runner.start({ execution: created.body.execution, trigger: 'manual', userId: user.userId, headless: true });
  let final;
  for (let i = 0; i < 6000 && !final; i++) {
    final = events.find((e) => e.event === EXECUTION_EVENTS.stop && e.payload.executionInstanceId === live.executionInstanceId)?.payload;
    if (!final) await new Promise((r) => setTimeout(r, 100));
  }
  const cases = await listTestCases(server.ctx.db, final.reportLink.split('/').pop());
  let passed = 0;
  for (const c of cases) {
    const steps = c.steps.filter((s) => !['Before', 'After'].includes(s.type));
    passed += steps.filter((s) => s.result?.status === 'PASSED').length;
    if (process.env.BENCH_VERBOSE && c.status !== 'PASSED') console.log(`  run: ${c.scenario_name}: ${c.error_message?.split('\n')[0]}`);
  }
  const share = passed / total;
  console.log(`suite: ${SUITE.length} scenarios, ${total} English steps over the demo shop (home, search, product, cart, checkout, login, account)`);
  console.log(`baseline, the step library alone: ${library} of ${total} steps (${((100 * library) / total).toFixed(0)}%)`);
  console.log(`offline: ${generated} steps generated (the others reuse steps generated earlier in the suite) and tried in ${(generateMs / 1000).toFixed(1)} s; in the execution ${passed} of ${total} passed on their first run`);
  console.log(`OpenAI-compatible provider: ${process.env.AI_BASE_URL ? 'not measured by this build' : 'not configured (AI_BASE_URL unset)'}`);
  console.log(`ai-steps: ${share.toFixed(2)} (goal >= ${GOAL}) ${share >= GOAL ? 'PASS' : 'FAIL'}`);
  process.exitCode = share >= GOAL ? 0 : 1;
} finally {
  await server.close();
}
