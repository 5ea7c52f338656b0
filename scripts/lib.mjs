// Helpers for the start and test scripts. Plain JavaScript that also runs on an older system
// Node: these scripts install the pinned Node 24 before anything else runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const nodeBin = path.join(root, 'node_modules', '.bin', 'node');
const binDir = path.join(root, 'node_modules', '.bin');

export function log(message) {
  process.stdout.write(`\x1b[36m[stepwise]\x1b[0m ${message}\n`);
}

/** Runs a command with node_modules/.bin first on PATH; exits on failure unless `allowFailure`. */
export function run(cmd, args, { env = {}, allowFailure = false } = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, ...env },
  });
  if (res.status !== 0 && !allowFailure) {
    log(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res.status ?? 1;
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
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Builds the web app when its sources (or the shared package) changed since the last build. */
export function ensureWebBuild(force = false) {
  const built = path.join(root, 'apps', 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', 'web')),
    newestMtime(path.join(root, 'packages', 'shared', 'src')),
  );
  if (!force && fs.existsSync(built) && newestMtime(built) >= sources) return;
  log('Building the web app...');
  run('npm', ['run', 'build', '--silent']);
}

/** Debian's Chromium for the browser tests; installed with apt-get when missing and running as root. */
export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return chromium;
  if (process.getuid && process.getuid() === 0) {
    log('Installing Chromium from Debian packages...');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(chromium)) return chromium;
  }
  log(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
