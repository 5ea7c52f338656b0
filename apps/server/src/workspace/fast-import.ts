import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { spawnProgram, type SpawnedProgram } from '../processes/spawn-helper.ts';
import { GitError, gitEnv } from './git.ts';

/**
 * One `git fast-import` process, driven interactively: commands go to its stdin, the answers of
 * `ls` and `get-mark` come back on its stdout (one line each). Objects it writes are in the
 * repository once `finish()` resolves. Stream syntax: git-fast-import(1).
 */
export class FastImport {
  private readonly child: SpawnedProgram;
  private readonly stdin: Writable;
  private readonly lines: string[] = [];
  private pending = '';
  private stderr = '';
  private wanted: { count: number; resolve: (lines: string[]) => void; reject: (err: Error) => void } | null = null;
  private readonly exited: Promise<number>;
  private failure: GitError | null = null;
  private ended = false;

  constructor(gitDir: string) {
    const args = [
      `--git-dir=${gitDir}`,
      // Objects reach the disk before the branch can point at them (default: packs only).
      '-c', 'core.fsync=committed',
      // Small imports become loose objects (git's default, made explicit): no pack per commit.
      '-c', 'fastimport.unpackLimit=100',
      'fast-import', '--quiet', '--date-format=raw',
    ];
    this.child = spawnProgram('git', args, { env: gitEnv(), stdin: true });
    this.stdin = this.child.stdin!;
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.pending += chunk;
      let nl: number;
      while ((nl = this.pending.indexOf('\n')) >= 0) {
        this.lines.push(this.pending.slice(0, nl));
        this.pending = this.pending.slice(nl + 1);
      }
      this.deliver();
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    // fast-import may exit before reading all of stdin; the exit code reports that, not EPIPE.
    this.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.child.on('error', (err: Error) => {
        this.fail(new GitError(['fast-import'], { stdout: '', stderr: err.message, code: -1 }));
        resolve(-1);
      });
      this.child.on('close', (code: number | null) => {
        if (code === 0) {
          if (this.wanted) this.fail(new GitError(['fast-import'], { stdout: '', stderr: 'fast-import ended without answering', code: 0 }));
          resolve(0);
          return;
        }
        this.fail(new GitError(['fast-import'], { stdout: '', stderr: this.stderr, code: code ?? -1 }));
        // A failing fast-import dumps a crash report (with the last commands) into the repository.
        void fs.rm(path.join(gitDir, `fast_import_crash_${this.child.pid}`), { force: true }).finally(() => resolve(code ?? -1));
      });
    });
  }

  /** Sends `commands` and resolves with the next `answers` lines of output. */
  ask(commands: string | Buffer, answers: number): Promise<string[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.reject(new Error('fast-import: stream already ended'));
    if (this.wanted) return Promise.reject(new Error('fast-import: one question at a time'));
    const result = new Promise<string[]>((resolve, reject) => (this.wanted = { count: answers, resolve, reject }));
    this.stdin.write(commands);
    this.deliver();
    return result;
  }

  /** Ends the stream; resolves once git has written everything and exited cleanly. */
  async finish(trailer?: string | Buffer): Promise<void> {
    this.ended = true;
    this.stdin.end(trailer);
    const code = await this.exited;
    if (this.failure) throw this.failure;
    if (code !== 0) throw new GitError(['fast-import'], { stdout: '', stderr: this.stderr, code });
  }

  /** Ends the stream without caring for the outcome (nothing was asked to be written). */
  async close(): Promise<void> {
    this.ended = true;
    this.stdin.end();
    await this.exited;
  }

  private deliver(): void {
    const wanted = this.wanted;
    if (!wanted || this.lines.length < wanted.count) return;
    this.wanted = null;
    wanted.resolve(this.lines.splice(0, wanted.count));
  }

  private fail(err: GitError): void {
    this.failure ??= err;
    const wanted = this.wanted;
    this.wanted = null;
    wanted?.reject(this.failure);
  }
}

/**
 * A path as fast-import reads it: always C-style quoted ('"', '\' and control characters escaped,
 * other bytes as UTF-8), so that no path can end a command or start another one. Paths with NUL or
 * line breaks, empty, '.' or '..' segments, or a leading or trailing '/' are refused.
 */
export function quotePath(p: string): string {
  const segments = p.split('/');
  if (p === '' || /[\0\n\r]/.test(p) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`Invalid path in commit: ${JSON.stringify(p)}`);
  }
  let out = '"';
  for (const ch of p) {
    const code = ch.charCodeAt(0);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** `data <bytes>` with its payload, for messages and inline contents. */
export function dataCommand(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(`data ${body.length}\n`), body, Buffer.from('\n')]);
}
