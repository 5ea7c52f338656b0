// `npm test`: every tier. Installs what is missing (dependencies; Debian's Chromium, bubblewrap and
// passt when root), then lint + typecheck, the unit and API tests on PGlite (and, when
// TEST_DATABASE_URL is set, the tests of SQL listed in postgres-tests.mjs on PostgreSQL), then the
// browser tests against one built app. Each stage's time is printed at the end.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureHeadlessShell, ensureSandboxTools, ensureWebBuild, ensureXvfb, log, root, run } from './lib.mjs';
import { POSTGRES_TESTS } from './postgres-tests.mjs';

const started = Date.now();
const results = path.join(root, 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
// Tests that assert server time (vitest project `timed`) run alone after each pass, not beside other
// test files on two cores.
const notTimed = ['--project', 'shared', '--project', 'isolated'];
const TIMED = ['--project', 'timed', '--passWithNoTests'];
/** Seconds each stage took, printed at the end whatever the outcome. */
const stages = [];
let stageStarted = Date.now();
function stage(name) {
  const now = Date.now();
  if (stages.length > 0) stages[stages.length - 1].seconds = (now - stageStarted) / 1000;
  stageStarted = now;
  if (name) stages.push({ name, seconds: 0 });
}

function vitest(name, args, env) {
  const out = path.join(results, `vitest-${name}.json`);
  const code = run('vitest', ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env, allowFailure: true });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  return code;
}

function finish(code) {
  stage(null);
  for (const { name, seconds } of stages) console.log(`${name.padEnd(28)} ${String(Math.round(seconds)).padStart(5)} s`);
  log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

stage('setup (installs)');
ensureDependencies();
const chromium = ensureChromium();
ensureHeadlessShell();
// The escape tests prove the sandbox: they need it.
ensureSandboxTools({ required: true });
ensureXvfb();
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

log('Lint and typecheck...');
stage('lint + types');
run('npm', ['run', 'check', '--silent']);

log('Unit and API tests (embedded PGlite)...');
stage('unit + API (PGlite)');
if (vitest('pglite', notTimed, { TEST_DATABASE_URL: '' }) !== 0) finish(1);
if (vitest('pglite-timed', TIMED, { TEST_DATABASE_URL: '' }) !== 0) finish(1);

if (process.env.TEST_DATABASE_URL) {
  log(`Tests of SQL on PostgreSQL (${POSTGRES_TESTS.length} files, scripts/postgres-tests.mjs)...`);
  stage('SQL tests (PostgreSQL)');
  if (vitest('postgres', [...notTimed, ...POSTGRES_TESTS], {}) !== 0) finish(1);
  if (vitest('postgres-timed', [...TIMED, ...POSTGRES_TESTS], {}) !== 0) finish(1);
}

stage('web build');
ensureWebBuild();
log('Browser tests (Playwright, Chromium)...');
stage('browser tests');
const e2eOut = path.join(results, 'e2e.json');
const e2eCode = run('playwright', ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut },
  allowFailure: true,
});
if (fs.existsSync(e2eOut)) {
  const s = JSON.parse(fs.readFileSync(e2eOut, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

log('Production start on a fresh clone of HEAD (scripts/production-start-check.mjs)...');
stage('production start');
const startCode = run(process.execPath, ['scripts/production-start-check.mjs'], { allowFailure: true });
totals[startCode === 0 ? 'passed' : 'failed'] += 1;
finish(e2eCode === 0 && startCode === 0 ? 0 : 1);
