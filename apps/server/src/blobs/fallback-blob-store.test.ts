import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from './blob-store.ts';
import { FallbackBlobStore } from './fallback-blob-store.ts';
import { createBlobStore } from './select-blob-store.ts';
import { describeBlobStore } from './blob-store-contract.ts';

describeBlobStore('shared in front of the previous folder', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-blobs-'));
  return {
    store: new FallbackBlobStore(new FsBlobStore(path.join(dir, 'shared')), new FsBlobStore(path.join(dir, 'previous'))),
    pending: async () => 0,
    cleanUp: () => fs.rm(dir, { recursive: true, force: true }),
  };
});

describe('a server moved to a shared blob store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-blobs-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('still reads what it stored in its data folder, writes to the shared store, deletes from both', async () => {
    const previous = new FsBlobStore(path.join(dir, 'previous'));
    const shared = new FsBlobStore(path.join(dir, 'shared'));
    await previous.put('runs/p/r1/shot.png', 'old screenshot', 'image/png');
    const store = new FallbackBlobStore(shared, previous);
    expect((await store.read('runs/p/r1/shot.png'))?.bytes.toString()).toBe('old screenshot');
    expect(await store.readRanges('runs/p/r1/shot.png', [4, 10])).toEqual([Buffer.from('screenshot')]);
    await store.put('runs/p/r2/shot.png', 'new screenshot', 'image/png');
    expect(await previous.read('runs/p/r2/shot.png')).toBeNull();
    expect((await shared.read('runs/p/r2/shot.png'))?.bytes.toString()).toBe('new screenshot');
    await store.delete('runs/p');
    expect(await store.read('runs/p/r1/shot.png')).toBeNull();
    expect(await store.read('runs/p/r2/shot.png')).toBeNull();
  });

  it('is what a server with a blobs folder gets on a shared store; a new server gets the shared store alone', async () => {
    // An S3 store is made without a connection: enough to see which store the server gets.
    const config = { blobStore: 's3' as const, s3Url: 's3://shots?endpoint=http://127.0.0.1:9&region=us-east-1', databaseUrl: undefined, dataDir: dir };
    const db = {} as Parameters<typeof createBlobStore>[1];
    expect(createBlobStore(config, db, false)).not.toBeInstanceOf(FallbackBlobStore);
    await fs.mkdir(path.join(dir, 'blobs'));
    expect(createBlobStore(config, db, false)).toBeInstanceOf(FallbackBlobStore);
  });
});
