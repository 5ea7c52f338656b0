// npm run bench:ai-steps — English steps the built-in step library does not have, over the demo
// shop's pages (bench/ai-steps-suite.mjs), turned into code by the AI (POST ai/plain-english: a walk
// of each scenario in a trial browser in the run sandbox), then run for real in one execution.
// Measures the share of English steps whose generated code passes on its first run, twice on fresh
// servers: with the offline provider (the goal: >= 85%), and with the OpenAI-compatible provider
// answering from a recording (bench/ai-steps-openai.json, served by a local chat-completions server:
// the answer a capable model gives for each step). The baseline, in the same run: the share of the
// same steps the step library alone has (it should have none: the suite is made of steps it lacks).
import fs from 'node:fs';
import { EXECUTION_EVENTS } from '@stepwise/shared';
import { startTestServer } from '../apps/server/src/test/test-server.ts';
import { createProject, signUpUser } from '../apps/server/src/test/factories.ts';
import { listTestCases } from '../apps/server/src/runs/runs.repository.ts';
import { builtinLibrary } from '../apps/server/src/steps/builtin-library.ts';
import { StepMatcher } from '../apps/server/src/steps/step-matcher.ts';
import { startChatCompletionsServer } from '../apps/server/src/ai/openai/chat-completions-server.ts';
import { stepResultFromAnswer } from '../apps/server/src/ai/openai/step-answer.ts';
import { SUITE } from './ai-steps-suite.mjs';

const GOAL = 0.85;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const total = SUITE.reduce((n, s) => n + s.steps.length, 0);
const verbose = (line) => process.env.BENCH_VERBOSE && console.log(line);

/** The suite generated and run on a fresh server started with `env`: steps generated, the time it took, steps that passed in the execution. */
async function measure(label, env) {
  const server = await startTestServer(env, { chromiumPath: CHROMIUM });
  const events = [];
  server.ctx.executions.hub.onStatus((m) => events.push(m));
  try {
    const user = await signUpUser(server.baseUrl);
    const projectId = await createProject(user, { name: 'AI steps bench', demo: true });
    let generated = 0;
    const saved = [];
    const t0 = performance.now();
    for (const scenario of SUITE) {
      const res = await user.api.post('ai/plain-english', {
        projectId, branch: 'main', environment: 'demo', featureName: 'AI steps bench', scenarioName: scenario.name, text: scenario.steps.join('\n'),
      });
      if (res.status !== 200) throw new Error(`${label}, ${scenario.name}: ${res.status} ${JSON.stringify(res.body)}`);
      generated += res.body.steps.filter((s) => s.source === 'ai').length;
      for (const s of res.body.steps.filter((x) => x.source === 'stub')) verbose(`  ${label}, ${scenario.name}: ${s.source} "${s.text}": ${s.reasoning}`);
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
    if (created.status !== 200) throw new Error(`${label}, execution: ${JSON.stringify(created.body)}`);
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
      if (c.status !== 'PASSED') verbose(`  ${label}, run: ${c.scenario_name}: ${c.error_message?.split('\n')[0]}`);
    }
    return { generated, generateMs, passed };
  } finally {
    await server.close();
  }
}

/**
 * The chat-completions server of the recording: each request answered with the recorded answer for
 * its step (`Step: <keyword> <text>` in the user message), the prompt's base URL put in for {{baseUrl}};
 * a step without one gets a 404, and the provider the offline answer.
 */
async function recordedEndpoint() {
  const recording = JSON.parse(fs.readFileSync(new URL('./ai-steps-openai.json', import.meta.url), 'utf8'));
  const served = { answered: 0, invalid: 0, missing: [] };
  const endpoint = await startChatCompletionsServer((body) => {
    const prompt = body?.messages?.find((m) => m.role === 'user')?.content ?? '';
    const text = /^Step: (?:Given|When|Then) (.*)$/m.exec(prompt)?.[1];
    const baseUrl = /^Base URL: (.*)$/m.exec(prompt)?.[1] ?? '';
    const answer = text !== undefined ? recording.answers[text] : undefined;
    if (!answer) {
      served.missing.push(text);
      return undefined;
    }
    const content = JSON.stringify(answer).replaceAll('{{baseUrl}}', baseUrl);
    served.answered++;
    try {
      stepResultFromAnswer(content, text);
    } catch (err) {
      served.invalid++;
      verbose(`  openai: the recorded answer for "${text}" does not check out (${err.message}): the offline answer is used`);
    }
    return { content };
  });
  return { endpoint, served };
}

const libraryMatcher = new StepMatcher(builtinLibrary().definitions);
const library = SUITE.flatMap((s) => s.steps).filter((text) => libraryMatcher.match(text).length > 0).length;
const offline = await measure('offline', {});
const { endpoint, served } = await recordedEndpoint();
let openai;
try {
  openai = await measure('openai', { AI_BASE_URL: endpoint.baseUrl, AI_MODEL: 'recorded' });
} finally {
  await endpoint.close();
}

const pct = (n) => `${((100 * n) / total).toFixed(0)}%`;
const share = offline.passed / total;
console.log(`suite: ${SUITE.length} scenarios, ${total} English steps over the demo shop (home, search, product, cart, checkout, login, account)`);
console.log(`baseline, the step library alone: ${library} of ${total} steps (${pct(library)})`);
console.log(`offline: ${offline.generated} steps generated (the others reuse steps generated earlier in the suite) and tried in ${(offline.generateMs / 1000).toFixed(1)} s; in the execution ${offline.passed} of ${total} passed on their first run`);
console.log(
  `openai (recorded answers, bench/ai-steps-openai.json): ${openai.generated} steps generated and tried in ${(openai.generateMs / 1000).toFixed(1)} s; ` +
    `${endpoint.received.length} requests, ${served.answered} answered from the recording (${served.invalid} of them refused by validation), ${served.missing.length} without one; ` +
    'a refused or missing answer is replaced by the offline one',
);
console.log(`openai (recorded): ${openai.passed}/${total} = ${pct(openai.passed)}`);
console.log(`ai-steps: ${share.toFixed(2)} (goal >= ${GOAL}) ${share >= GOAL ? 'PASS' : 'FAIL'}`);
process.exitCode = share >= GOAL ? 0 : 1;
