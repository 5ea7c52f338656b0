// `npm test`: every tier. Installs what is missing (dependencies; Debian's Chromium, bubblewrap and
// passt when root), then lint + typecheck, the unit and API tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against a built app.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureSandboxTools, ensureWebBuild, ensureXvfb, log, root, run } from './lib.mjs';

const started = Date.now();
const results = path.join(root, 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
// Tests that assert server time run alone after each pass, not beside other test files on two cores.
const TIMED = ['apps/server/src/runs/runs-scale.test.ts'];
const notTimed = TIMED.flatMap((f) => ['--exclude', f]);

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
  log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

ensureDependencies();
const chromium = ensureChromium();
// The escape tests prove the sandbox: they need it.
ensureSandboxTools({ required: true });
ensureXvfb();
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

log('Lint and typecheck...');
run('npm', ['run', 'check', '--silent']);

log('Unit and API tests (embedded PGlite)...');
if (vitest('pglite', notTimed, { TEST_DATABASE_URL: '' }) !== 0) finish(1);
if (vitest('pglite-timed', TIMED, { TEST_DATABASE_URL: '' }) !== 0) finish(1);

if (process.env.TEST_DATABASE_URL) {
  log('API tests on PostgreSQL...');
  if (vitest('postgres', ['apps/server', ...notTimed], {}) !== 0) finish(1);
  if (vitest('postgres-timed', TIMED, {}) !== 0) finish(1);
}

ensureWebBuild();
log('Browser tests (Playwright, Chromium)...');
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
finish(e2eCode === 0 ? 0 : 1);
