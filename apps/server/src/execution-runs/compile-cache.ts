import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { COMPILE_WARMUP_FILE, RUNNER_DIR } from '@stepwise/runner';
import type { AppContext } from '../context.ts';
import { endOf } from '../sandbox/sandbox.ts';
import { makeScratchFolders, nodeBinary, runnerSpec } from './runner-job.ts';

/**
 * Node's compile cache for run processes (and AI trials and recorder sessions, which start the same
 * way): what a run process loads (the runner, cucumber-js, Playwright) compiled once and kept on disk,
 * so that each run process starts on about a third less CPU. The cache is filled by a warm-up of our
 * own (compile-warmup.ts: loads those modules, runs nothing) in the sandbox, with the cache's folder
 * the only one it may write; every run gets it read-only, so code a user wrote can read it but never
 * put anything in it. Node checks each entry against its source file, so a stale entry is only a miss.
 *
 * The folder is named after what it was made from (Node's version, the runner's files, its libraries'
 * versions, the sandbox on or off); it is made under a temporary name and renamed when complete, so
 * servers sharing it never see half of one. Runs never wait for it: the first run of a server starts
 * the warm-up and goes without.
 */
type Ctx = Pick<AppContext, 'config' | 'sandbox' | 'log'>;

const WARMUP_TIMEOUT_MS = 120_000;
/** Folders of earlier keys and abandoned warm-ups are removed once this old. */
const STALE_MS = 60 * 60_000;

/** Per cache folder: whether it is there, and the warm-up in flight. */
const known = new Map<string, { ready: boolean; warming: Promise<boolean> | null }>();

/**
 * The compile cache a run process may read, or null: none configured, or not there (its warm-up is
 * started, the run does not wait). A folder removed meanwhile (by hand, or by a server of another
 * version sharing the parent) is made again: a bind of a missing folder would fail the run.
 */
export function runCompileCache(ctx: Ctx): { dir: string } | null {
  const dir = cacheFolder(ctx);
  if (!dir) return null;
  const state = known.get(dir);
  if (state?.ready) {
    if (fs.existsSync(dir)) return { dir };
    known.delete(dir);
  } else if (state?.warming) {
    return null;
  }
  void warmRunCompileCache(ctx);
  return null;
}

/** Makes the compile cache when it is not there (once per folder and process); true when it is there. */
export async function warmRunCompileCache(ctx: Ctx): Promise<boolean> {
  const dir = cacheFolder(ctx);
  if (!dir) return false;
  const state = known.get(dir) ?? { ready: false, warming: null };
  known.set(dir, state);
  if (state.ready) return true;
  state.warming ??= (async () => {
    try {
      state.ready = fs.existsSync(dir) || (await warmUp(ctx, dir));
    } catch (err) {
      ctx.log.warn({ err }, 'run compile cache not made: runs start without it');
    }
    return state.ready;
  })();
  return state.warming;
}

function cacheFolder(ctx: Ctx): string | null {
  const root = ctx.config.runCompileCacheDir;
  return root ? path.join(root, cacheKey(ctx.sandbox.enabled)) : null;
}

let keyOf: { sandboxed: boolean; key: string } | null = null;

/** Node's version, the runner's own files (names, sizes, times), its libraries' versions, the sandbox on or off. */
function cacheKey(sandboxed: boolean): string {
  if (keyOf?.sandboxed === sandboxed) return keyOf.key;
  const hash = createHash('sha256').update(`${process.version} ${process.arch} ${sandboxed}\n`);
  const require = createRequire(path.join(RUNNER_DIR, 'package.json'));
  for (const pkg of ['@cucumber/cucumber', 'playwright-core']) hash.update(`${pkg} ${(require(`${pkg}/package.json`) as { version: string }).version}\n`);
  const src = path.join(RUNNER_DIR, 'src');
  for (const e of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    const st = fs.statSync(file);
    hash.update(`${path.relative(src, file)} ${st.size} ${st.mtimeMs}\n`);
  }
  keyOf = { sandboxed, key: `v1-${hash.digest('hex').slice(0, 16)}` };
  return keyOf.key;
}

/** Runs the warm-up into a folder of its own, then renames it to `dir`. */
async function warmUp(ctx: Ctx, dir: string): Promise<boolean> {
  const { config, sandbox } = ctx;
  const root = path.dirname(dir);
  if (root === path.join(config.dataDir, 'runner-cache', '.compile')) await sandbox.openDataFolder(config.dataDir, 'runner-cache');
  await fsp.mkdir(root, { recursive: true, mode: 0o755 });
  const temp = path.join(root, `.warming-${process.pid}-${randomBytes(4).toString('hex')}`);
  const scratchDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stepwise-warmup-'));
  const started = Date.now();
  try {
    await fsp.mkdir(temp, { mode: 0o755 });
    const workDir = path.join(scratchDir, 'work');
    const depsCacheDir = path.join(scratchDir, 'deps');
    await fsp.mkdir(workDir);
    await fsp.mkdir(depsCacheDir);
    if (sandbox.enabled) {
      makeScratchFolders(scratchDir);
      await sandbox.handOver(scratchDir);
      await sandbox.handOver(temp);
    }
    const spec = runnerSpec(config, { scratchDir, cwd: workDir, loopbackPorts: [], depsCacheDir, sandboxed: sandbox.enabled, serialization: null, compileCache: { dir: temp, writable: true } });
    const { code, stderr } = await endOf(sandbox.spawn(spec, [nodeBinary(), COMPILE_WARMUP_FILE], ['ignore', 'ignore', 'pipe']), WARMUP_TIMEOUT_MS);
    if (code !== 0) throw new Error(`the warm-up ended with ${code}: ${stderr}`);
    if ((await fsp.readdir(temp)).length === 0) throw new Error('the warm-up wrote nothing');
    // Ours again (the sandbox's host user wrote it), and read-only for anyone else.
    await ownTree(temp);
    try {
      await fsp.rename(temp, dir);
    } catch (err) {
      // Another server made it meanwhile.
      if (!fs.existsSync(dir)) throw err;
    }
    ctx.log.info({ dir, ms: Date.now() - started }, 'run compile cache made');
    void removeStale(root, path.basename(dir));
    return true;
  } finally {
    await fsp.rm(temp, { recursive: true, force: true });
    await fsp.rm(scratchDir, { recursive: true, force: true });
  }
}

/** The server's own user owns the tree; folders 0755, files 0644. */
async function ownTree(dir: string): Promise<void> {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  await fsp.lchown(dir, uid, gid).catch(() => undefined);
  await fsp.chmod(dir, 0o755);
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isSymbolicLink()) await fsp.rm(p, { force: true });
    else if (e.isDirectory()) await ownTree(p);
    else {
      await fsp.lchown(p, uid, gid).catch(() => undefined);
      await fsp.chmod(p, 0o644);
    }
  }
}

/** Caches of other keys and abandoned warm-ups, once an hour old. */
async function removeStale(root: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await fsp.readdir(root).catch(() => [] as string[])) {
    if (name === keep) continue;
    const p = path.join(root, name);
    const st = await fsp.lstat(p).catch(() => null);
    if (st && now - st.mtimeMs > STALE_MS) await fsp.rm(p, { recursive: true, force: true }).catch(() => undefined);
  }
}
