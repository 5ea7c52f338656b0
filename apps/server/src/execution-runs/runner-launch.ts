import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { runCompileCache } from './compile-cache.ts';
import { loopbackPortsOf, makeScratchFolders, nodeBinary, RUN_JOB_ENTRY, runnerSpec, SANDBOX_DEPS_CACHE } from './runner-job.ts';

/**
 * How an execution instance's runner processes start: in the sandbox (scratch folder handed over to the
 * sandbox's user, the project's own dependency cache bound read-write), or as plain children.
 */
export async function runnerLauncher(ctx: Pick<AppContext, 'config' | 'sandbox' | 'log'>, projectId: string, scratchDir: string, workDir: string, baseUrl: string): Promise<{ depsCacheDir: string; start: () => ChildProcess }> {
  const { config, sandbox } = ctx;
  const cacheDir = path.join(config.dataDir, 'runner-cache', projectId);
  await fs.mkdir(cacheDir, { recursive: true });
  if (sandbox.enabled) {
    await sandbox.openDataFolder(config.dataDir, 'runner-cache');
    makeScratchFolders(scratchDir);
    await sandbox.handOver(scratchDir);
    await sandbox.handOver(cacheDir);
  }
  const spec = runnerSpec(config, { scratchDir, cwd: workDir, loopbackPorts: loopbackPortsOf(config, baseUrl), depsCacheDir: cacheDir, sandboxed: sandbox.enabled, compileCache: runCompileCache(ctx) });
  const command = [nodeBinary(), RUN_JOB_ENTRY, '-'];
  return {
    depsCacheDir: sandbox.enabled ? SANDBOX_DEPS_CACHE : cacheDir,
    start: () => sandbox.spawn(spec, command, ['ignore', 'pipe', 'pipe', 'ipc']),
  };
}

/** The runner's messages file is read only when it is a file of its own (a link the run made to another file is removed). */
export async function keepOnlyRegularFile(file: string): Promise<void> {
  const st = await fs.lstat(file).catch(() => null);
  if (st && !st.isFile()) await fs.rm(file, { recursive: true, force: true });
}
