import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Node keeps the compiled code of the command, and of the runs it starts (they inherit
 * NODE_COMPILE_CACHE), in the user's cache folder, unless NODE_COMPILE_CACHE names another or
 * NODE_DISABLE_COMPILE_CACHE is set: a later command loads its modules on about a third less CPU. Best
 * effort: a folder that cannot be written only means no cache (and the runs are not told of it).
 */
export function keepCompiledCode(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NODE_DISABLE_COMPILE_CACHE || typeof module.enableCompileCache !== 'function') return null;
  const dir = env.NODE_COMPILE_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'stepwise', 'node-compile-cache');
  let result: { status: number; directory?: string };
  try {
    result = module.enableCompileCache(dir);
  } catch {
    return null;
  }
  const { ENABLED, ALREADY_ENABLED } = module.constants.compileCacheStatus;
  if (result.status !== ENABLED && result.status !== ALREADY_ENABLED) return null;
  env.NODE_COMPILE_CACHE = result.directory ?? dir;
  return env.NODE_COMPILE_CACHE;
}
