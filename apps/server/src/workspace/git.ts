import { spawnProgram } from '../processes/spawn-helper.ts';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export class GitError extends Error {
  readonly result: GitResult;
  constructor(args: string[], result: GitResult) {
    super(`git ${args[0]} failed (${result.code}): ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.result = result;
  }
}

export interface GitOptions {
  gitDir?: string;
  cwd?: string;
  input?: string | Buffer;
  env?: Record<string, string>;
  /** Resolve with the result instead of throwing on a non-zero exit. */
  allowFailure?: boolean;
}

/** The minimal environment git runs with: no prompts, no system config, C locale. */
export function gitEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C',
    ...extra,
  };
}

/**
 * Runs the git CLI without a shell. Callers build `args` from fixed options; any user text goes
 * after `--end-of-options` or `--`, or into stdin, so it can never be read as an option.
 */
export function git(args: string[], opts: GitOptions = {}): Promise<GitResult> {
  const fullArgs = opts.gitDir ? [`--git-dir=${opts.gitDir}`, ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawnProgram('git', fullArgs, { cwd: opts.cwd, env: gitEnv(opts.env), stdin: opts.input !== undefined });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code: number | null) => {
      const result = { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code: code ?? -1 };
      if (result.code !== 0 && !opts.allowFailure) reject(new GitError(args, result));
      else resolve(result);
    });
    if (child.stdin) {
      // git may exit before reading all of stdin; the exit code reports the failure, not EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.end(opts.input);
    }
  });
}
