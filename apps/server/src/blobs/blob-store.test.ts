import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsBlobStore, InvalidBlobKeyError, isValidBlobKey } from './blob-store.ts';

let dir: string;
let store: FsBlobStore;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-blobs-'));
  store = new FsBlobStore(path.join(dir, 'blobs'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every file under `root`, relative. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describe('file-system blob store', () => {
  it('stores bytes, text and streams with their media type and gives them back', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0a]);
    expect(await store.put('runs/p1/r1/shot-1', png, 'image/png')).toEqual({ mediaType: 'image/png', size: png.length });
    await store.put('runs/p1/r1/log.txt', 'héllo\nworld', 'text/plain; charset=utf-8');
    await store.put('runs/p1/r1/big', Readable.from([Buffer.from('a'.repeat(70_000)), Buffer.from('b')]), 'application/octet-stream');

    const shot = await store.read('runs/p1/r1/shot-1');
    expect(shot).toEqual({ mediaType: 'image/png', size: png.length, bytes: png });
    const log = await store.get('runs/p1/r1/log.txt');
    expect(log?.mediaType).toBe('text/plain; charset=utf-8');
    expect(log?.size).toBe(Buffer.byteLength('héllo\nworld'));
    expect(await text(log!.stream)).toBe('héllo\nworld');
    const big = await store.get('runs/p1/r1/big');
    expect(big?.size).toBe(70_001);
    expect(await text(big!.stream)).toBe(`${'a'.repeat(70_000)}b`);
    expect(await store.get('runs/p1/r1/missing')).toBeNull();
    expect(await store.read('runs/p1/nothing/here')).toBeNull();
    // A folder is not a blob.
    expect(await store.get('runs/p1')).toBeNull();
  });

  it('replaces atomically: a reader keeps the old bytes, a failed write leaves the old blob and no temporary file', async () => {
    await store.put('k/one', 'old content', 'text/plain');
    const reading = await store.get('k/one');
    await store.put('k/one', 'new content!', 'text/markdown');
    expect(await text(reading!.stream)).toBe('old content');
    expect(await store.read('k/one')).toMatchObject({ mediaType: 'text/markdown', bytes: Buffer.from('new content!') });

    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial '));
        this.destroy(new Error('source broke'));
      },
    });
    await expect(store.put('k/one', failing, 'text/plain')).rejects.toThrow('source broke');
    await expect(store.put('k/two', Readable.from((async function* () {
      yield Buffer.from('half');
      throw new Error('generator broke');
    })()), 'text/plain')).rejects.toThrow('generator broke');

    expect((await store.read('k/one'))?.bytes.toString()).toBe('new content!');
    expect(await store.read('k/two')).toBeNull();
    expect(await filesUnder(path.join(dir, 'blobs'))).toEqual(['k/one']);
  });

  it('stores a stream larger than what it flushes to disk at a time whole, and a failed one of that size not at all', async () => {
    // 20 MB in 1 MB pieces, each piece numbered: flushed to disk twice while it is written.
    const pieces = (count: number) => Array.from({ length: count }, (_, i) => Buffer.alloc(1024 * 1024, i % 251));
    await store.put('runs/p1/r1/report.ndjson', Readable.from(pieces(20)), 'application/x-ndjson');
    const stored = await store.read('runs/p1/r1/report.ndjson');
    expect(stored?.size).toBe(20 * 1024 * 1024);
    expect(stored!.bytes.equals(Buffer.concat(pieces(20)))).toBe(true);

    const failing = Readable.from((async function* () {
      yield* pieces(12);
      throw new Error('upload cut');
    })());
    await expect(store.put('runs/p1/r1/cut.ndjson', failing, 'application/x-ndjson')).rejects.toThrow('upload cut');
    expect(await filesUnder(path.join(dir, 'blobs'))).toEqual(['runs/p1/r1/report.ndjson']);
  });

  it('refuses keys that are not confined to the store, and writes nothing for them', async () => {
    const outside = path.join(dir, 'outside');
    const bad = [
      '', '/etc/passwd', '../outside', 'runs/../../outside', 'runs/./x', 'a//b', 'a/', '/a', 'a\\..\\..\\b', '.tmp/x', 'runs/.hidden',
      'a/b\u0000c', 'a b', '..', '.', `${'x/'.repeat(20)}y`, 'x'.repeat(201),
    ];
    for (const key of bad) {
      expect(isValidBlobKey(key), key).toBe(false);
      await expect(store.put(key, 'escape', 'text/plain'), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await expect(fs.access(outside)).rejects.toThrow();
    expect(await filesUnder(dir)).toEqual([]);
    expect(isValidBlobKey('runs/p-1/r_2/att.3.png')).toBe(true);
  });

  it('refuses a media type that could break the header', async () => {
    await expect(store.put('k/a', 'x', 'text/plain\nswblob1 image/png')).rejects.toThrow('Invalid media type');
    await expect(store.put('k/a', 'x', '')).rejects.toThrow('Invalid media type');
    expect(await store.get('k/a')).toBeNull();
  });

  it('deletes a prefix: the blob and everything under it, not its siblings', async () => {
    for (const key of ['runs/p/r1/a', 'runs/p/r1/b', 'runs/p/r10/a', 'runs/p/r1x', 'runs/q/r1/a']) await store.put(key, key, 'text/plain');
    await store.delete('runs/p/r1');
    expect(await store.get('runs/p/r1/a')).toBeNull();
    expect(await store.get('runs/p/r1/b')).toBeNull();
    expect((await store.read('runs/p/r10/a'))?.bytes.toString()).toBe('runs/p/r10/a');
    expect((await store.read('runs/p/r1x'))?.bytes.toString()).toBe('runs/p/r1x');
    expect((await store.read('runs/q/r1/a'))?.bytes.toString()).toBe('runs/q/r1/a');
    await store.delete('runs/p/r10/a');
    expect(await store.get('runs/p/r10/a')).toBeNull();
    await store.delete('runs/none');
    expect(await filesUnder(path.join(dir, 'blobs'))).toEqual(['runs/p/r1x', 'runs/q/r1/a']);
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
