import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
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
    await extractTar(tarFile, dest);
  } finally {
    await fs.rm(tarFile, { force: true });
  }
}

function extractTar(tarFile: string, dest: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-x', '--no-same-owner', '--no-same-permissions', '-f', tarFile, '-C', dest], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar failed (${code}): ${stderr.trim().slice(-500)}`))));
  });
}
