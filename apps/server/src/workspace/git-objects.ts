import { readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { spawnProgram } from '../processes/spawn-helper.ts';

/**
 * Reads without a git process per object: objects through one `cat-file --batch` per call, branch
 * heads from the ref files. Writing is git's own (fast-import.ts, `update-ref`).
 */

export interface RawObject {
  oid: string;
  type: string;
  data: Buffer;
}

/** Objects named by `specs` ('<oid>', '<commit>:<path>', '<commit>^{tree}'), in order; null when missing. */
export function readObjects(gitDir: string, specs: string[]): Promise<Array<RawObject | null>> {
  if (specs.length === 0) return Promise.resolve([]);
  if (specs.some((s) => /[\n\r\0]/.test(s))) return Promise.reject(new Error('Invalid object name'));
  return new Promise((resolve, reject) => {
    const child = spawnProgram('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch'], { stdin: true, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' } });
    const out: Array<RawObject | null> = [];
    let buf: Buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        const nl = buf.indexOf(10);
        if (nl < 0) return;
        const header = buf.subarray(0, nl).toString();
        const found = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(header);
        if (!found) {
          // '<name> missing' (or ambiguous): the name may hold spaces.
          out.push(null);
          buf = buf.subarray(nl + 1);
          continue;
        }
        const parts = [found[1], found[2], found[3]];
        const size = Number(parts[2]);
        if (buf.length < nl + 1 + size + 1) return;
        out.push({ oid: parts[0], type: parts[1], data: Buffer.from(buf.subarray(nl + 1, nl + 1 + size)) });
        buf = buf.subarray(nl + 1 + size + 1);
      }
    });
    const stdin = child.stdin!;
    stdin.on('error', () => {});
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code: number | null) => (out.length === specs.length ? resolve(out) : reject(new Error(`git cat-file exited ${code}`))));
    stdin.end(specs.join('\n') + '\n');
  });
}

/** Loose refs read lately: their file's identity when read, and the commit it held. */
const looseRefs = new Map<string, { ino: number; mtimeMs: number; size: number; commit: string }>();
/** A ref file changed this recently may change again within the file system's timestamp resolution: not kept. */
const SETTLED_MS = 2000;

/**
 * The commit of a loose ref, or undefined when there is none. Git replaces a ref's file on every
 * update (a lock file renamed over it), so its inode, time and size tell whether it changed since it
 * was last read: one stat instead of open, read and close (bench:api). As in Git's own "racy" check, a
 * file modified in the last SETTLED_MS is read every time, so that two updates within one timestamp
 * tick on a reused inode cannot look like no update.
 */
function readLooseRef(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const known = looseRefs.get(file);
  if (known && known.ino === stat.ino && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.commit;
  const commit = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{40}$/.test(commit)) return undefined;
  if (Date.now() - stat.mtimeMs > SETTLED_MS) {
    if (looseRefs.size >= 10_000) looseRefs.clear();
    looseRefs.set(file, { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, commit });
  } else looseRefs.delete(file);
  return commit;
}

/**
 * The commit a branch points at, read from refs/heads or packed-refs without starting git; null when
 * the branch does not exist. `branch` must already be a valid branch name.
 */
export async function readBranchRef(gitDir: string, branch: string): Promise<string | null> {
  try {
    // Read in place: four trips to the thread pool (open, stat, read, close) cost more (bench:api).
    const loose = readLooseRef(path.join(gitDir, 'refs', 'heads', branch));
    if (loose) return loose;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ENOTDIR' && (err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
  }
  let packed: string;
  try {
    packed = await fs.readFile(path.join(gitDir, 'packed-refs'), 'utf8');
  } catch {
    return null;
  }
  const wanted = ` refs/heads/${branch}`;
  const line = packed.split('\n').find((l) => l.endsWith(wanted) && l.length === 40 + wanted.length);
  return line ? line.slice(0, 40) : null;
}
