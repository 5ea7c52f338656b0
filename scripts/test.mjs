// `npm test`: every tier. Installs what is missing (dependencies, Debian's Chromium when root),
// then lint + typecheck, the unit and API tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against a built app.
import { ensureChromium, ensureDependencies, ensureWebBuild, log, run } from './lib.mjs';

const started = Date.now();
ensureDependencies();
const chromium = ensureChromium();

log('Lint and typecheck...');
run('npm', ['run', 'check', '--silent']);

log('Unit and API tests (embedded PGlite)...');
run('vitest', ['run'], { env: { TEST_DATABASE_URL: '' } });

if (process.env.TEST_DATABASE_URL) {
  log('API tests on PostgreSQL...');
  run('vitest', ['run', 'apps/server']);
}

ensureWebBuild();
log('Browser tests (Playwright, Chromium)...');
run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], { env: { CHROMIUM_PATH: chromium } });

log(`All test tiers passed in ${Math.round((Date.now() - started) / 1000)} s.`);
