import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { packCompressed, unpackCompressed, type Compressed, type Encoding } from '../cache/shared-compression.ts';
import type { ListForm } from './feature-summary.ts';

/**
 * Version of what a file holds (the JSON of a feature node and of the tree around it). Change it
 * whenever feature-summary.ts or feature-tree.ts change their output: files of another version are
 * then never read, and removed at the next write.
 */
const FORMAT = 2;
const TREE_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
/** An encoded tree is the leading part of an answer: `{"allTags":...,"foldersAndFeatures":...,`. */
const HEAD = Buffer.from('{"allTags":');
const COMMA = 0x2c;
/** The files of a tree: its JSON, and that JSON compressed once per encoding (shared-compression.ts). */
type Kind = 'json' | Encoding;
const KINDS = ['.json', '.gzip', '.br'];

/**
 * The encoded features tree persisted on disk, one file per Git tree id of `features/` and form.
 * A tree id names the folder's whole content, so a file never goes stale and serves every project,
 * branch and commit with that folder; after a restart, the first listing of a branch reads its file
 * instead of parsing every feature again. Files are written whole to a temporary name and renamed
 * (readers never see a partial file); the least recently read go when the folder is over budget.
 */
export class TreeIndex {
  readonly dir: string;
  readonly budgetBytes: number;
  private readonly writing = new Map<string, Promise<void>>();
  constructor(dir: string, budgetBytes = Number(process.env.STEPWISE_TREE_INDEX_BYTES ?? 1_000_000_000)) {
    this.dir = dir;
    this.budgetBytes = budgetBytes;
  }

  private file(treeId: string, form: ListForm, kind: Kind = 'json'): string {
    if (!TREE_ID.test(treeId)) throw new Error('Invalid tree id');
    return path.join(this.dir, `${treeId}.${form}.v${FORMAT}.${kind}`);
  }

  /** The stored tree, or null when there is none (or it is not one this version wrote). */
  async read(treeId: string, form: ListForm): Promise<Buffer | null> {
    const body = await this.readFile(this.file(treeId, form));
    if (!body || body.length < HEAD.length + 1 || !body.subarray(0, HEAD.length).equals(HEAD) || body[body.length - 1] !== COMMA) return null;
    return body;
  }

  /** The stored compressed tree, or null (the caller checks its length against the tree's). */
  async readCompressed(treeId: string, form: ListForm, encoding: Encoding): Promise<Compressed | null> {
    const packed = await this.readFile(this.file(treeId, form, encoding));
    return packed && unpackCompressed(packed, encoding);
  }

  private async readFile(file: string): Promise<Buffer | null> {
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return null;
    }
    const now = new Date();
    fs.utimes(file, now, now).catch(() => {});
    return body;
  }

  /** Stores a compressed tree in the background. */
  saveCompressed(treeId: string, form: ListForm, compressed: Compressed): void {
    this.store(this.file(treeId, form, compressed.encoding), packCompressed(compressed));
  }

  /** Stores `body` in the background (a failure only costs a parse after the next restart). */
  save(treeId: string, form: ListForm, body: Buffer): void {
    this.store(this.file(treeId, form), body);
  }

  private store(file: string, body: Buffer): void {
    if (this.writing.has(file)) return;
    const done = this.write(file, body)
      .catch(() => {})
      .finally(() => this.writing.delete(file));
    this.writing.set(file, done);
  }

  /** Resolves when every write started so far has ended. */
  async flush(): Promise<void> {
    await Promise.all(this.writing.values());
  }

  private async write(file: string, body: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    } finally {
      await fs.rm(tmp, { force: true });
    }
    await this.prune(file);
  }

  /** Removes files of other versions, then the least recently read (never `keep`) while the folder is over budget. */
  private async prune(keep: string): Promise<void> {
    const names = (await fs.readdir(this.dir)).filter((n) => KINDS.some((k) => n.endsWith(k)));
    const files = [];
    let total = 0;
    for (const name of names) {
      const full = path.join(this.dir, name);
      // Files another version wrote are never read again.
      if (!name.includes(`.v${FORMAT}.`)) {
        await fs.rm(full, { force: true });
        continue;
      }
      const stat = await fs.stat(full).catch(() => null);
      if (!stat) continue;
      files.push({ full, size: stat.size, used: stat.mtimeMs });
      total += stat.size;
    }
    files.sort((a, b) => a.used - b.used);
    for (const f of files) {
      if (total <= this.budgetBytes) break;
      if (f.full === keep) continue;
      await fs.rm(f.full, { force: true });
      total -= f.size;
    }
  }
}
