import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * Git objects read and written without a process per object: reads through one `cat-file --batch`
 * per call, writes as loose objects (zlib, then an atomic rename, like git itself). Only the ref
 * update is left to git (`update-ref`, its compare-and-swap).
 */

export type ObjectType = 'blob' | 'tree' | 'commit';

export interface RawObject {
  oid: string;
  type: string;
  data: Buffer;
}

export interface TreeItem {
  mode: string;
  name: string;
  oid: string;
}

export function hashObject(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Writes a loose object (kept if it already exists) and returns its id. */
export async function writeObject(gitDir: string, type: ObjectType, body: Buffer): Promise<string> {
  const oid = hashObject(type, body);
  const dir = path.join(gitDir, 'objects', oid.slice(0, 2));
  const file = path.join(dir, oid.slice(2));
  try {
    await fs.access(file);
    return oid;
  } catch {
    /* write it */
  }
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  const handle = await fs.open(tmp, 'wx', 0o444);
  try {
    await handle.writeFile(deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  return oid;
}

/** Objects named by `specs` ('<oid>', '<commit>:<path>', '<commit>^{tree}'), in order; null when missing. */
export function readObjects(gitDir: string, specs: string[]): Promise<Array<RawObject | null>> {
  if (specs.length === 0) return Promise.resolve([]);
  if (specs.some((s) => /[\n\r\0]/.test(s))) return Promise.reject(new Error('Invalid object name'));
  return new Promise((resolve, reject) => {
    const child = spawn('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' } });
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
    child.stdin.on('error', () => {});
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (out.length === specs.length ? resolve(out) : reject(new Error(`git cat-file exited ${code}`))));
    child.stdin.end(specs.join('\n') + '\n');
  });
}

export function parseTree(data: Buffer): TreeItem[] {
  const items: TreeItem[] = [];
  let i = 0;
  while (i < data.length) {
    const space = data.indexOf(32, i);
    const nul = data.indexOf(0, space);
    items.push({ mode: data.subarray(i, space).toString(), name: data.subarray(space + 1, nul).toString('utf8'), oid: data.subarray(nul + 1, nul + 21).toString('hex') });
    i = nul + 21;
  }
  return items;
}

const sortKey = (item: TreeItem) => Buffer.from(item.mode === '40000' ? `${item.name}/` : item.name, 'utf8');

/** A tree object's body, entries in git's order (a folder sorts as if its name ended in '/'). */
export function encodeTree(items: TreeItem[]): Buffer {
  const sorted = [...items].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  return Buffer.concat(sorted.flatMap((it) => [Buffer.from(`${it.mode} ${it.name}\0`, 'utf8'), Buffer.from(it.oid, 'hex')]));
}

/**
 * The commit a branch points at, read from refs/heads or packed-refs without starting git; null when
 * the branch does not exist. `branch` must already be a valid branch name.
 */
export async function readBranchRef(gitDir: string, branch: string): Promise<string | null> {
  try {
    const loose = (await fs.readFile(path.join(gitDir, 'refs', 'heads', branch), 'utf8')).trim();
    if (/^[0-9a-f]{40}$/.test(loose)) return loose;
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
