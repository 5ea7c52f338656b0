import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ListForm } from './feature-summary.ts';

/**
 * Version of what a file holds (the JSON of a feature node and of the tree around it). Change it
 * whenever feature-summary.ts or feature-tree.ts change their output: files of another version are
 * then never read (and are pruned as the oldest).
 */
const FORMAT = 1;
const TREE_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const HEAD = Buffer.from('"allTags":');

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

  private file(treeId: string, form: ListForm): string {
    if (!TREE_ID.test(treeId)) throw new Error('Invalid tree id');
    return path.join(this.dir, `${treeId}.${form}.v${FORMAT}.json`);
  }

  /** The stored tree, or null when there is none (or it is not one this version wrote). */
  async read(treeId: string, form: ListForm): Promise<Buffer | null> {
    const file = this.file(treeId, form);
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return null;
    }
    if (body.length < HEAD.length + 1 || !body.subarray(0, HEAD.length).equals(HEAD) || body[body.length - 1] !== 0x7d) return null;
    const now = new Date();
    fs.utimes(file, now, now).catch(() => {});
    return body;
  }

  /** Stores `body` in the background (a failure only costs a parse after the next restart). */
  save(treeId: string, form: ListForm, body: Buffer): void {
    const file = this.file(treeId, form);
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

  /** Removes the least recently read files (never `keep`) while the folder is over budget. */
  private async prune(keep: string): Promise<void> {
    const names = (await fs.readdir(this.dir)).filter((n) => n.endsWith('.json'));
    const files = [];
    let total = 0;
    for (const name of names) {
      const full = path.join(this.dir, name);
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
