// Helpers for the start and test scripts. Plain JavaScript that also runs on an older system
// Node: these scripts install the pinned Node 24 before anything else runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const nodeBin = path.join(root, 'node_modules', '.bin', 'node');
const binDir = path.join(root, 'node_modules', '.bin');

export function log(message) {
  process.stdout.write(`\x1b[36m[stepwise]\x1b[0m ${message}\n`);
}

/**
 * Node's compile cache for the server, the tests and the processes they start: the code V8 compiled
 * (and the TypeScript Node stripped) is kept on disk, keyed by each file's content, so a process
 * that loads the same modules again starts on about half the CPU. Only this checkout's own user
 * writes there; run processes get an environment of their own, without it (runner-job.ts).
 */
const COMPILE_CACHE = path.join(root, 'node_modules', '.cache', 'node-compile-cache');

/** A child's environment: this one's, node_modules/.bin first on PATH, Node's compile cache, then `env`. */
const childEnv = (env) => ({ NODE_COMPILE_CACHE: COMPILE_CACHE, ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, ...env });

/** Runs a command with node_modules/.bin first on PATH; exits on failure unless `allowFailure`. */
export function run(cmd, args, { env = {}, allowFailure = false } = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: childEnv(env),
  });
  if (res.status !== 0 && !allowFailure) {
    log(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res.status ?? 1;
}

/**
 * Runs a command without blocking (node_modules/.bin first on PATH); resolves to its exit code. With
 * `logFile`, its output goes to that file instead of this terminal (a stage that runs beside another).
 */
export function runAsync(cmd, args, { env = {}, logFile } = {}) {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: childEnv(env),
    });
    const done = (code) => {
      if (logFile) fs.closeSync(out);
      resolve(code);
    };
    child.on('error', () => done(1));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies (and with them Node 24) when missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(nodeBin) && fs.existsSync(marker) && newestMtime(marker) >= newestMtime(lock)) return;
  log('Installing dependencies (first run)...');
  run('npm', INSTALL_ARGS);
}

/**
 * The install of a fresh clone. --include=dev: under NODE_ENV=production npm leaves out
 * devDependencies, and the build (vite) and the pinned Node 24 are among them
 * (scripts/production-start-check.mjs).
 */
export const INSTALL_ARGS = ['ci', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];

/** True when the web app has no build, or its sources (or the shared package) are newer than it. */
export function webBuildNeeded() {
  const built = path.join(root, 'apps', 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', 'web')),
    newestMtime(path.join(root, 'packages', 'shared', 'src')),
  );
  return !fs.existsSync(built) || newestMtime(built) < sources;
}

/** Builds the web app when its sources (or the shared package) changed since the last build. */
export function ensureWebBuild(force = false) {
  if (!force && !webBuildNeeded()) return;
  log('Building the web app...');
  run('npm', ['run', 'build', '--silent']);
}

let aptUpdated = false;

/** Installs Debian packages with apt-get (as root); false when not root or apt-get failed. */
function aptInstall(packages, { allowFailure = false } = {}) {
  if (!(process.getuid && process.getuid() === 0)) return false;
  if (!aptUpdated) run('apt-get', ['update', '-qq'], { allowFailure });
  aptUpdated = true;
  return run('apt-get', ['install', '-y', '-qq', ...packages], { env: { DEBIAN_FRONTEND: 'noninteractive' }, allowFailure }) === 0;
}

/**
 * The run sandbox's tools: bubblewrap (`bwrap`) and pasta (package passt), installed with apt-get
 * when missing and running as root. Without them (and RUNNER_SANDBOX=auto) step code runs with the
 * server's rights, and the server says so loudly.
 */
export function ensureSandboxTools({ required = false } = {}) {
  const missing = [['/usr/bin/bwrap', 'bubblewrap'], ['/usr/bin/pasta', 'passt']].filter(([bin]) => !fs.existsSync(bin)).map(([, pkg]) => pkg);
  if (missing.length === 0) return true;
  log(`Installing ${missing.join(' and ')} (the run sandbox) from Debian packages...`);
  if (aptInstall(missing, { allowFailure: !required })) return true;
  const message = `${missing.join(' and ')} missing: install them (apt-get install bubblewrap passt) so that step code runs in a sandbox.`;
  if (required) {
    log(message);
    process.exit(1);
  }
  log(`${message} Runs will have the server's rights.`);
  return false;
}

/** Debian's Chromium for the browser tests; installed with apt-get when missing and running as root. */
export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return chromium;
  log('Installing Chromium from Debian packages...');
  if (aptInstall(['chromium']) && fs.existsSync(chromium)) return chromium;
  log(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

/**
 * Debian's Chromium headless shell, the browser of headless runs (a fraction of the full browser's CPU per
 * page); installed with apt-get when missing and running as root. Optional: without it runs use CHROMIUM_PATH.
 */
export function ensureHeadlessShell() {
  const shell = process.env.CHROMIUM_HEADLESS_PATH || '/usr/bin/chromium-headless-shell';
  if (shell === 'off' || fs.existsSync(shell)) return;
  log('Installing the Chromium headless shell from Debian packages...');
  if (aptInstall(['chromium-headless-shell'], { allowFailure: true }) && fs.existsSync(shell)) return;
  log(`No Chromium headless shell at ${shell}: headless runs use the full browser (apt-get install chromium-headless-shell).`);
}

/** Xvfb (a display for the headed browser of the local recorder's test); installed with apt-get when missing and running as root. */
export function ensureXvfb() {
  if (fs.existsSync('/usr/bin/xvfb-run')) return true;
  log('Installing Xvfb (a display for the local recorder test) from Debian packages...');
  if (aptInstall(['xvfb', 'xauth'], { allowFailure: true }) && fs.existsSync('/usr/bin/xvfb-run')) return true;
  log('Xvfb not found: the local recorder test will say it was skipped (apt-get install xvfb).');
  return false;
}
