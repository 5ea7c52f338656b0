// `npm start`: installs what is missing, builds the web app, then runs the server (which migrates
// the database at start) on http://localhost:3000 (PORT to change it).
import { ensureDependencies, ensureHeadlessShell, ensureSandboxTools, ensureWebBuild, log, nodeBin, run } from './lib.mjs';

ensureDependencies();
ensureSandboxTools({ required: process.env.RUNNER_SANDBOX === 'bwrap' });
ensureHeadlessShell();
ensureWebBuild();
log('Starting the server...');
run(nodeBin, ['apps/server/src/main.ts'], { env: { NODE_ENV: process.env.NODE_ENV || 'production' } });
