import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { runCompileCache } from '../execution-runs/compile-cache.ts';
import { loopbackPortsOf, makeScratchFolders, nodeBinary, runnerSpec } from '../execution-runs/runner-job.ts';

/** The folders of a sandboxed browser job: its scratch folder, the workspace in it and its dependency cache. */
export interface BrowserJobFolders {
  scratchDir: string;
  workDir: string;
  cacheDir: string;
}

/**
 * Makes the folders of a browser job (AI trial, cloud recorder) in a new scratch folder: `fill` writes
 * the workspace (a checkout), else it starts empty. With the sandbox on, the scratch folder is handed
 * over to the sandbox's user. The caller removes `scratchDir` when the job ends.
 */
export async function makeBrowserJobFolders(ctx: AppContext, prefix: string, fill?: (workDir: string) => Promise<void>): Promise<BrowserJobFolders> {
  const scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const workDir = path.join(scratchDir, 'work');
  const cacheDir = path.join(scratchDir, 'cache');
  try {
    if (fill) await fill(workDir);
    else await fs.mkdir(workDir);
    await fs.mkdir(cacheDir);
    if (ctx.sandbox.enabled) {
      makeScratchFolders(scratchDir);
      await ctx.sandbox.handOver(scratchDir);
    }
  } catch (err) {
    await fs.rm(scratchDir, { recursive: true, force: true });
    throw err;
  }
  return { scratchDir, workDir, cacheDir };
}

/**
 * Starts `jobFile` in the run sandbox as runs are started (runnerSpec: the runner's code read-only, the
 * environment's loopback ports only), with stdio [ignore, ignore, pipe, ipc]; `readOnly` adds code folders.
 */
export function spawnBrowserJob(
  ctx: AppContext,
  folders: BrowserJobFolders,
  opts: { jobFile: string; baseUrl: string; serialization?: 'json' | 'advanced'; readOnly?: string[] },
): ChildProcess {
  const serialization = opts.serialization ?? 'json';
  const spec = runnerSpec(ctx.config, {
    scratchDir: folders.scratchDir,
    cwd: folders.workDir,
    loopbackPorts: loopbackPortsOf(ctx.config, opts.baseUrl),
    depsCacheDir: folders.cacheDir,
    sandboxed: ctx.sandbox.enabled,
    serialization,
    compileCache: runCompileCache(ctx),
  });
  if (opts.readOnly) spec.readOnly = [...new Set([...spec.readOnly, ...opts.readOnly])];
  return ctx.sandbox.spawn(spec, [nodeBinary(), opts.jobFile], ['ignore', 'ignore', 'pipe', 'ipc'], serialization);
}
