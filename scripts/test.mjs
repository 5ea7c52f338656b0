// `npm test`: every tier. Installs what is missing (dependencies; Debian's Chromium, bubblewrap and
// passt when root), then lint + typecheck, the unit and API tests on PGlite (and, when
// TEST_DATABASE_URL is set, the tests of SQL listed in postgres-tests.mjs on PostgreSQL), the browser
// tests against one built app, and the production start on a fresh clone.
//
// Two cores, and no pass keeps both busy all the time (tests wait on browsers, processes and
// timers): stages that share nothing run side by side. Beside the PGlite pass: lint + typecheck, the
// web build, then the production start. Beside the browser tests: the PostgreSQL pass. A stage run
// beside another writes its output to test-results/<stage>.log, printed when it ends. Tests that assert
// server time (vitest project `timed`) run alone. Each stage's time is printed at the end.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureHeadlessShell, ensureSandboxTools, ensureXvfb, log, root, runAsync, webBuildNeeded } from './lib.mjs';
import { playwrightFailures, vitestFailures } from './failures.mjs';
import { POSTGRES_TESTS } from './postgres-tests.mjs';

const started = Date.now();
const results = path.join(root, 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const notTimed = ['--project', 'shared', '--project', 'isolated'];
// One file at a time: each asserts server times, which a file beside it would lengthen.
const TIMED = ['--project', 'timed', '--passWithNoTests', '--no-file-parallelism'];
/** Each stage's seconds and what it ran beside, printed at the end whatever the outcome. */
const stages = [];
const failures = [];
/** Each failed test (and flaky browser test), named with its stage: printed again at the end. */
const failedTests = [];

/** Runs `fn` as the stage `name`; records its time and, when its code is not 0, the failure. */
async function stage(name, fn, beside = '') {
  const t0 = Date.now();
  const code = await fn();
  stages.push({ name, seconds: (Date.now() - t0) / 1000, beside });
  if (code !== 0) failures.push(name);
  return code;
}

/** A stage's own log, printed once it has ended (it ran beside another stage). */
function printLog(name, file) {
  if (!fs.existsSync(file)) return;
  log(`--- ${name} (${path.relative(root, file)}) ---`);
  process.stdout.write(fs.readFileSync(file));
  log(`--- end of ${name} ---`);
}

async function vitest(name, args, env) {
  const out = path.join(results, `vitest-${name}.json`);
  const code = await runAsync('vitest', ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    const failed = vitestFailures(r);
    totals.passed += r.numPassedTests;
    // A file that failed outside its tests (a hook) counts once: its tests are only "skipped".
    totals.failed += Math.max(r.numFailedTests, failed.length);
    totals.skipped += r.numPendingTests + r.numTodoTests;
    failedTests.push(...failed.map((f) => `[${name}] ${f}`));
  }
  return code;
}

/** Browser tests, as many spec files at a time as e2e/playwright.config.ts says (E2E_WORKERS). */
async function browserTests(chromium, logFile) {
  const e2eOut = path.join(results, 'e2e.json');
  const code = await runAsync('playwright', ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut },
    logFile,
  });
  if (fs.existsSync(e2eOut)) {
    const report = JSON.parse(fs.readFileSync(e2eOut, 'utf8'));
    const s = report.stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    failedTests.push(...playwrightFailures(report).map((f) => `[browser] ${f}`));
  }
  return code;
}

function finish() {
  for (const { name, seconds, beside } of stages) console.log(`${name.padEnd(30)} ${String(Math.round(seconds)).padStart(5)} s${beside ? `  (beside ${beside})` : ''}`);
  log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  if (failedTests.length) {
    log('Failed tests:');
    for (const f of failedTests) console.log(`  ${f}`);
  }
  if (failures.length) log(`Failed: ${failures.join(', ')}`);
  process.exit(failures.length ? 1 : 0);
}

const setupStarted = Date.now();
ensureDependencies();
const chromium = ensureChromium();
ensureHeadlessShell();
// The escape tests prove the sandbox: they need it.
ensureSandboxTools({ required: true });
ensureXvfb();
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
stages.push({ name: 'setup (installs)', seconds: (Date.now() - setupStarted) / 1000, beside: '' });

// 1. The PGlite pass; beside it lint + typecheck, the web build, the production start.
log('Unit and API tests (embedded PGlite); lint, typecheck, web build and production start beside them...');
const side = (async () => {
  const checkLog = path.join(results, 'lint-types.log');
  await stage('lint + types', () => runAsync('npm', ['run', 'check', '--silent'], { logFile: checkLog }), 'PGlite pass');
  printLog('lint + types', checkLog);
  const buildLog = path.join(results, 'web-build.log');
  const buildCode = await stage('web build', async () => (webBuildNeeded() ? runAsync('npm', ['run', 'build', '--silent'], { logFile: buildLog }) : 0), 'PGlite pass');
  if (buildCode !== 0) printLog('web build', buildLog);
  // `npm start` in production on a fresh clone of HEAD (scripts/production-start-check.mjs).
  const startLog = path.join(results, 'production-start.log');
  const startCode = await stage('production start', () => runAsync(process.execPath, ['scripts/production-start-check.mjs'], { logFile: startLog }), 'PGlite pass');
  printLog('production start', startLog);
  totals[startCode === 0 ? 'passed' : 'failed'] += 1;
  return buildCode;
})();
await stage('unit + API (PGlite)', () => vitest('pglite', notTimed, { TEST_DATABASE_URL: '' }));
const buildCode = await side;
await stage('timed tests (PGlite)', () => vitest('pglite-timed', TIMED, { TEST_DATABASE_URL: '' }));

// 2. The browser tests (against the one built app, when it built); beside them the PostgreSQL pass,
// which needs no build.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const e2eLog = withPostgres ? path.join(results, 'browser-tests.log') : undefined;
let e2e = Promise.resolve();
if (buildCode === 0) {
  log(withPostgres ? `Browser tests (Playwright, Chromium); tests of SQL on PostgreSQL beside them (${POSTGRES_TESTS.length} files, scripts/postgres-tests.mjs)...` : 'Browser tests (Playwright, Chromium)...');
  e2e = stage('browser tests', () => browserTests(chromium, e2eLog), withPostgres ? 'PostgreSQL pass' : '').then(() => e2eLog && printLog('browser tests', e2eLog));
}
// Two files at a time: the browser tests beside it keep the cores busy (vitest.config.ts).
if (withPostgres) await stage('SQL tests (PostgreSQL)', () => vitest('postgres', [...notTimed, '--maxWorkers=2', ...POSTGRES_TESTS], {}), buildCode === 0 ? 'browser tests' : '');
await e2e;
if (withPostgres) await stage('timed tests (PostgreSQL)', () => vitest('postgres-timed', [...TIMED, ...POSTGRES_TESTS], {}));
finish();
