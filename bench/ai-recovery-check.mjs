// node bench/ai-recovery-check.mjs — checks the scenario corpus of bench:ai-recovery
// (bench/ai-recovery-suite/: features/*.feature, steps/*.mjs) against the two demo shops a real server
// serves: the original (/demo-shop/) and the redesigned one (/demo-shop-changed/, demo-shop-redesign.ts).
// Runs the corpus with the runner (runScenarios: a run process, cucumber-js, Chromium, the built-in step
// library loaded as in any run) once against each shop, and prints per scenario how it did on each, and
// on the changed shop the step it failed at and the first line of its error. Holds when
//   (a) every scenario passes against the original shop, and
//   (b) at least MIN_BROKEN scenarios fail against the changed shop at a step that passed against the
//       original, with a Playwright locator failure (a timeout waiting for a locator, or a strict-mode
//       violation) — what AI recovery is for.
// Exit 0 when both hold, 1 otherwise. Knobs: BENCH_PARALLEL (2), BENCH_VERBOSE=1 (whole error
// messages), CHROMIUM_PATH.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { runScenarios } from '../packages/runner/src/index.ts';
import { startTestServer } from '../apps/server/src/test/test-server.ts';
import { DEMO_SHOP_PREFIX } from '../apps/server/src/demo-shop/demo-shop.routes.ts';
import { DEMO_SHOP_CHANGED_PREFIX } from '../apps/server/src/demo-shop/demo-shop-changed.routes.ts';

const SUITE = fileURLToPath(new URL('./ai-recovery-suite/', import.meta.url));
const MIN_SCENARIOS = 12;
const MIN_BROKEN = 10;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 2);

/** The text of a message without its terminal colours. */
const plain = (message) => stripVTControlCharacters(message ?? '');
/** A Playwright locator failure: the locator found nothing in time, or more than one element. */
function isLocatorFailure(message) {
  const text = plain(message);
  return /strict mode violation/i.test(text) || (/Timeout \d+ms exceeded/.test(text) && /waiting for (locator\(|get[A-Z]\w*\()/.test(text));
}

const firstLine = (message) => plain(message).split('\n').find((l) => l.trim()) ?? '';
/** The locator the error names ("waiting for getByRole('button', { name: 'Add to cart' })", "strict mode violation: ..."). */
const locatorLine = (message) => plain(message).split('\n').map((l) => l.trim()).find((l) => /^- waiting for |strict mode violation/.test(l)) ?? '';
const key = (tc) => `${tc.featurePath}:${tc.line}`;
const gherkinSteps = (tc) => tc.steps.filter((s) => s.type !== 'Before' && s.type !== 'After');

async function runAgainst(workDir, name, baseUrl) {
  const t = performance.now();
  const { report } = await runScenarios({ workDir, env: { name, baseUrl }, parallel: PARALLEL, screenshots: 'off', runName: `ai-recovery corpus on ${name}` });
  if (report.errors.length > 0) throw new Error(`the run against ${name} did not complete: ${report.errors.join('; ')}`);
  return { cases: new Map(report.testCases.map((tc) => [key(tc), tc])), ms: performance.now() - t };
}

const server = await startTestServer();
// A copy: the runner links node_modules into the folder it runs.
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-ai-recovery-suite-'));
try {
  fs.cpSync(SUITE, workDir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  const original = await runAgainst(workDir, 'original', `${server.baseUrl}${DEMO_SHOP_PREFIX}/`);
  const changed = await runAgainst(workDir, 'changed', `${server.baseUrl}${DEMO_SHOP_CHANGED_PREFIX}/`);

  const failures = [];
  let broken = 0;
  for (const [id, tc] of original.cases) {
    const onChanged = changed.cases.get(id);
    const passed = tc.result.status === 'PASSED';
    if (!passed) failures.push(`${tc.scenarioName}: ${tc.result.status} against the original shop: ${firstLine(tc.result.message)}`);
    console.log(`${tc.featurePath}:${tc.line} ${tc.scenarioName}`);
    console.log(`  original: ${tc.result.status}${passed ? '' : ` at "${gherkinSteps(tc).find((s) => s.result.status !== 'PASSED')?.text}": ${firstLine(tc.result.message)}`}`);
    if (!onChanged) {
      failures.push(`${tc.scenarioName}: not run against the changed shop`);
      continue;
    }
    const steps = gherkinSteps(onChanged);
    const at = steps.findIndex((s) => s.result.status !== 'PASSED');
    if (at < 0) {
      console.log('  changed:  PASSED (no element it uses was renamed or moved)');
      continue;
    }
    const step = steps[at];
    const message = step.result.message ?? onChanged.result.message ?? '';
    const passedBefore = gherkinSteps(tc)[at]?.result.status === 'PASSED';
    const locator = step.result.status === 'FAILED' && isLocatorFailure(message);
    if (passed && passedBefore && locator) broken++;
    const why = !locator ? ' (not a locator failure)' : !passedBefore ? ' (the step did not pass against the original)' : '';
    console.log(`  changed:  ${step.result.status} at step ${at + 1} "${step.keyword.trim()} ${step.text}"${why}`);
    console.log(`            ${firstLine(message)}`);
    if (locatorLine(message) && locatorLine(message) !== firstLine(message)) console.log(`            ${locatorLine(message)}`);
    if (process.env.BENCH_VERBOSE) console.log(plain(message).replace(/^/gm, '            | '));
  }
  for (const id of changed.cases.keys()) if (!original.cases.has(id)) failures.push(`${id}: ran against the changed shop only`);

  const total = original.cases.size;
  const passedOriginal = [...original.cases.values()].filter((tc) => tc.result.status === 'PASSED').length;
  if (total < MIN_SCENARIOS) failures.push(`the corpus has ${total} scenarios, fewer than ${MIN_SCENARIOS}`);
  if (broken < MIN_BROKEN) failures.push(`${broken} scenarios fail on a locator against the changed shop only, fewer than ${MIN_BROKEN}`);
  console.log('');
  console.log(`corpus: ${total} scenarios (${path.relative(process.cwd(), SUITE) || SUITE}); runs of ${(original.ms / 1000).toFixed(1)} s (original) and ${(changed.ms / 1000).toFixed(1)} s (changed), ${PARALLEL} thread(s)`);
  console.log(`(a) original shop: ${passedOriginal} of ${total} passed (all must)`);
  console.log(`(b) changed shop: ${broken} of ${total} failed on a locator at a step that passed on the original (at least ${MIN_BROKEN})`);
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`ai-recovery corpus: ${failures.length === 0 ? 'PASS' : 'FAIL'}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await server.close();
  fs.rmSync(workDir, { recursive: true, force: true });
}
