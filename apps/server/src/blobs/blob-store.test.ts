import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from './blob-store.ts';
import { BAD_KEYS, describeBlobStore, megabytes } from './blob-store-contract.ts';

/** Every file under `root`, relative. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describeBlobStore('file-system', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-blobs-'));
  return {
    store: new FsBlobStore(path.join(dir, 'blobs')),
    pending: async () => (await filesUnder(path.join(dir, 'blobs', '.tmp'))).length,
    cleanUp: () => fs.rm(dir, { recursive: true, force: true }),
  };
});

describe('file-system blob store on disk', () => {
  let dir: string;
  let store: FsBlobStore;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-blobs-'));
    store = new FsBlobStore(path.join(dir, 'blobs'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps one file per blob: a failed write leaves no temporary file, a deleted prefix no folder', async () => {
    await store.put('k/one', 'new content!', 'text/plain');
    await expect(store.put('k/two', Readable.from((async function* () {
      yield* megabytes(12);
      throw new Error('upload cut');
    })()), 'text/plain')).rejects.toThrow('upload cut');
    for (const key of ['runs/p/r1/a', 'runs/p/r1/b', 'runs/p/r1x']) await store.put(key, key, 'text/plain');
    await store.delete('runs/p/r1');
    expect(await filesUnder(path.join(dir, 'blobs'))).toEqual(['k/one', 'runs/p/r1x']);
  });

  it('writes nothing outside its folder for a key that is not confined', async () => {
    for (const key of BAD_KEYS) await expect(store.put(key, 'escape', 'text/plain'), key).rejects.toThrow();
    await expect(fs.access(path.join(dir, 'outside'))).rejects.toThrow();
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('sweeps temporary files a crashed process left over an hour ago, not fresh ones', async () => {
    const tmp = path.join(dir, 'blobs', '.tmp');
    await fs.mkdir(tmp, { recursive: true });
    await fs.writeFile(path.join(tmp, '999-stale'), 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(path.join(tmp, '999-stale'), old, old);
    await fs.writeFile(path.join(tmp, '999-fresh'), 'x');
    await store.put('k/a', 'x', 'text/plain');
    expect((await fs.readdir(tmp)).sort()).toEqual(['999-fresh']);
  });
});
