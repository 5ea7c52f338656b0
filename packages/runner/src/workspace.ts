import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUCUMBER_PACKAGE_DIR } from './paths.ts';

/**
 * Prepares a workspace folder for a run: installs its package.json dependencies (once per lockfile,
 * in a cache when one is given) and makes `@cucumber/cucumber` resolve, from its steps, to the very
 * package the runner uses: step definitions register on one cucumber instance or they are not seen.
 */

export interface PrepareOptions {
  /** Text of the .npmrc to install with (registry, tokens). */
  npmrc?: string;
  /** Folder of installed node_modules, one per lockfile hash. */
  depsCacheDir?: string;
  /** npm executable (default: STEPWISE_NPM or `npm`). */
  npm?: string;
}

const INSTALL_TIMEOUT_MS = 10 * 60 * 1000;
const COMPLETE_MARK = '.stepwise-complete';

export async function prepareWorkspace(workDir: string, opts: PrepareOptions = {}): Promise<void> {
  const pkg = path.join(workDir, 'package.json');
  if (fs.existsSync(pkg)) await installDependencies(workDir, opts);
  ensureCucumberLink(path.join(workDir, 'node_modules'));
}

function lockfileOf(dir: string): string | null {
  for (const name of ['package-lock.json', 'npm-shrinkwrap.json']) {
    if (fs.existsSync(path.join(dir, name))) return name;
  }
  return null;
}

async function installDependencies(workDir: string, opts: PrepareOptions): Promise<void> {
  const lock = lockfileOf(workDir);
  const modules = path.join(workDir, 'node_modules');
  if (!opts.depsCacheDir) {
    await npmInstall(workDir, lock !== null, opts);
    return;
  }
  const hash = crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(workDir, lock ?? 'package.json')))
    .digest('hex')
    .slice(0, 32);
  const target = path.join(opts.depsCacheDir, hash);
  if (!fs.existsSync(path.join(target, COMPLETE_MARK))) {
    fs.mkdirSync(opts.depsCacheDir, { recursive: true });
    const tmp = fs.mkdtempSync(path.join(opts.depsCacheDir, `${hash}.tmp-`));
    try {
      fs.copyFileSync(path.join(workDir, 'package.json'), path.join(tmp, 'package.json'));
      if (lock) fs.copyFileSync(path.join(workDir, lock), path.join(tmp, lock));
      await npmInstall(tmp, lock !== null, opts);
      fs.mkdirSync(path.join(tmp, 'node_modules'), { recursive: true });
      ensureCucumberLink(path.join(tmp, 'node_modules'));
      fs.writeFileSync(path.join(tmp, COMPLETE_MARK), new Date().toISOString());
      try {
        fs.renameSync(tmp, target);
      } catch {
        // Another run filled the same entry first (or a broken one is in the way).
        if (!fs.existsSync(path.join(target, COMPLETE_MARK))) {
          fs.rmSync(target, { recursive: true, force: true });
          fs.renameSync(tmp, target);
        }
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  const wanted = path.join(target, 'node_modules');
  const current = fs.lstatSync(modules, { throwIfNoEntry: false });
  if (current?.isSymbolicLink() && path.resolve(workDir, fs.readlinkSync(modules)) === wanted) return;
  if (current) fs.rmSync(modules, { recursive: true, force: true });
  fs.symlinkSync(wanted, modules, 'dir');
}

function npmInstall(dir: string, ci: boolean, opts: PrepareOptions): Promise<void> {
  const npm = opts.npm ?? process.env.STEPWISE_NPM ?? 'npm';
  // The .npmrc text goes to a private file given as the user config: nothing is written into the workspace.
  let userconfig: string | null = null;
  if (opts.npmrc) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-npmrc-'));
    userconfig = path.join(dir, '.npmrc');
    fs.writeFileSync(userconfig, opts.npmrc, { mode: 0o600 });
  }
  const args = [ci ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error', '--no-update-notifier', ...(userconfig ? ['--userconfig', userconfig] : [])];
  return new Promise<void>((resolve, reject) => {
    execFile(npm, args, { cwd: dir, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 16 << 20, env: { ...process.env, npm_config_yes: 'true' } }, (error, _stdout, stderr) => {
      if (userconfig) fs.rmSync(path.dirname(userconfig), { recursive: true, force: true });
      if (error) reject(new Error(`Installing the workspace dependencies failed (npm ${args[0]}): ${String(stderr || error.message).trim().slice(-2000)}`));
      else resolve();
    });
  });
}

/** node_modules/@cucumber/cucumber -> the runner's cucumber package, unless it already is that package. */
export function ensureCucumberLink(modulesDir: string): void {
  const link = path.join(modulesDir, '@cucumber', 'cucumber');
  const wanted = fs.realpathSync(CUCUMBER_PACKAGE_DIR);
  let real: string | null = null;
  try {
    real = fs.realpathSync(link);
  } catch {
    /* missing or dangling */
  }
  if (real === wanted) return;
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  const tmp = `${link}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.symlinkSync(wanted, tmp, 'dir');
  fs.renameSync(tmp, link);
}
