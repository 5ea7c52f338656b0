// `npm start`: installs what is missing, builds the web app, then runs the server (which migrates
// the database at start) on http://localhost:3000 (PORT to change it).
import { ensureDependencies, ensureHeadlessShell, ensureSandboxTools, ensureWebBuild, log, nodeBin, run } from './lib.mjs';

ensureDependencies();
ensureSandboxTools({ required: process.env.RUNNER_SANDBOX === 'bwrap' });
ensureHeadlessShell();
ensureWebBuild();
// The command line as an npm package, served at /api/client/stepwise-cli.tgz (the web app's install help).
try {
  const { ensureCliPackage } = await import('./pack-cli.mjs');
  ensureCliPackage({ onPack: () => log("Making the command line's npm package...") });
} catch (error) {
  log(`The command line's npm package was not made (the web app's install help will not find it): ${error.message}`);
}
log('Starting the server...');
run(nodeBin, ['apps/server/src/main.ts'], { env: { NODE_ENV: process.env.NODE_ENV || 'production' } });
