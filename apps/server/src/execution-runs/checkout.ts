import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { spawnProgram } from '../processes/spawn-helper.ts';
import { git } from '../workspace/git.ts';

const COMMIT_RE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Writes the files of `commit` (a commit id, never a name that git could read as an option) into the
 * empty folder `dest`: `git archive` into a tar file beside it, then `tar -x`; no shell, no working
 * tree or index in the bare repository.
 */
export async function materialiseCommit(gitDir: string, commit: string, dest: string): Promise<void> {
  if (!COMMIT_RE.test(commit)) throw new Error('Invalid commit id');
  await fs.mkdir(dest, { recursive: true });
  const tarFile = path.join(path.dirname(dest), `${path.basename(dest)}.tar`);
  try {
    await git(['archive', '--format=tar', `--output=${tarFile}`, commit], { gitDir });
    await extractTar(['-f', tarFile], dest);
  } finally {
    await fs.rm(tarFile, { force: true });
  }
}

/** Writes the files of a tar stream (a `git archive` of a commit) into the folder `dest`, as it comes. */
export async function extractTarStream(tar: Readable, dest: string): Promise<void> {
  await fs.mkdir(dest, { recursive: true });
  await extractTar(['-f', '-'], dest, tar);
}

function extractTar(from: string[], dest: string, input?: Readable): Promise<void> {
  const child = spawnProgram('tar', ['-x', '--no-same-owner', '--no-same-permissions', ...from, '-C', dest], {
    stdin: Boolean(input),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' },
  });
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-2000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code: number | null) => (code === 0 ? resolve() : reject(new Error(`tar failed (${code}): ${stderr.trim().slice(-500)}`))));
  });
  if (!input) return exited;
  // tar stops reading at the archive's end marker and may close its stdin before the padding after
  // it was written: only a failure of the source (or of tar) fails the extraction.
  let sourceError: Error | null = null;
  input.on('error', (err) => {
    sourceError = err;
    child.kill('SIGKILL');
  });
  child.stdin!.on('error', () => {});
  input.pipe(child.stdin!);
  return exited.then(
    () => {
      input.destroy();
      if (sourceError) throw sourceError;
    },
    (err) => {
      input.destroy();
      throw sourceError ?? err;
    },
  );
}
