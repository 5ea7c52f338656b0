import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, isValidBlobKey, type BlobStore } from './blob-store.ts';

/** A store under test, fresh for each test. */
export interface StoreUnderTest {
  store: BlobStore;
  /** Writes under way or left by failed ones (temporary files, upload rows); absent: not observable. */
  pending?(): Promise<number>;
  cleanUp(): Promise<void>;
}

export async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `count` pieces of 1 MB, each filled with its number. */
export const megabytes = (count: number) => Array.from({ length: count }, (_, i) => Buffer.alloc(1024 * 1024, i % 251));

export const BAD_KEYS = [
  '', '/etc/passwd', '../outside', 'runs/../../outside', 'runs/./x', 'a//b', 'a/', '/a', 'a\\..\\..\\b', '.tmp/x', 'runs/.hidden',
  'a/b\u0000c', 'a b', '..', '.', `${'x/'.repeat(20)}y`, 'x'.repeat(201),
];

/**
 * What every BlobStore does (file system, PostgreSQL, S3): the same tests run against each, so that
 * the run storage, the reports and the uploads behave alike whichever store a deployment uses.
 */
export function describeBlobStore(name: string, make: () => Promise<StoreUnderTest>, opts: { largeMb?: number } = {}): void {
  const large = opts.largeMb ?? 20;
  const cut = Math.ceil(large * 0.6);
  describe(`${name} blob store`, () => {
    let t: StoreUnderTest;
    let store: BlobStore;
    beforeEach(async () => {
      t = await make();
      store = t.store;
    });
    afterEach(() => t.cleanUp());
    const noPending = async () => {
      if (t.pending) expect(await t.pending()).toBe(0);
    };

    it('stores bytes, text and streams with their media type and gives them back', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0a]);
      expect(await store.put('runs/p1/r1/shot-1', png, 'image/png')).toEqual({ mediaType: 'image/png', size: png.length });
      await store.put('runs/p1/r1/log.txt', 'héllo\nworld', 'text/plain; charset=utf-8');
      await store.put('runs/p1/r1/big', Readable.from([Buffer.from('a'.repeat(70_000)), Buffer.from('b')]), 'application/octet-stream');
      await store.put('runs/p1/r1/empty', '', 'text/plain');

      expect(await store.read('runs/p1/r1/shot-1')).toEqual({ mediaType: 'image/png', size: png.length, bytes: png });
      const log = await store.get('runs/p1/r1/log.txt');
      expect(log?.mediaType).toBe('text/plain; charset=utf-8');
      expect(log?.size).toBe(Buffer.byteLength('héllo\nworld'));
      expect(await text(log!.stream)).toBe('héllo\nworld');
      const big = await store.get('runs/p1/r1/big');
      expect(big?.size).toBe(70_001);
      expect(await text(big!.stream)).toBe(`${'a'.repeat(70_000)}b`);
      expect(await store.read('runs/p1/r1/empty')).toEqual({ mediaType: 'text/plain', size: 0, bytes: Buffer.alloc(0) });
      expect(await store.get('runs/p1/r1/missing')).toBeNull();
      expect(await store.read('runs/p1/nothing/here')).toBeNull();
      // A folder is not a blob.
      expect(await store.get('runs/p1')).toBeNull();
    });

    it('reads ranges of a blob, a range past the end cut short', async () => {
      const bytes = Buffer.concat([Buffer.alloc(1024 * 1024, 7), Buffer.from('0123456789')]);
      await store.put('runs/p1/r1/report.ndjson', bytes, 'application/x-ndjson');
      const pieces = await store.readRanges('runs/p1/r1/report.ndjson', [0, 3, 1024 * 1024 - 2, 5, 1024 * 1024 + 8, 100, 5_000_000, 10]);
      expect(pieces?.map((p) => p.toString('latin1'))).toEqual(['\x07\x07\x07', '\x07\x07012', '89', '']);
      expect(await store.readRanges('runs/p1/r1/none', [0, 1])).toBeNull();
    });

    it('replaces atomically: a reader keeps the old bytes, a failed write leaves the old blob and nothing else', async () => {
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
      await noPending();
    });

    it(`stores a ${large} MB stream whole, and a failed one of that size not at all`, async () => {
      await store.put('runs/p1/r1/report.ndjson', Readable.from(megabytes(large)), 'application/x-ndjson');
      const stored = await store.read('runs/p1/r1/report.ndjson');
      expect(stored?.size).toBe(large * 1024 * 1024);
      expect(stored!.bytes.equals(Buffer.concat(megabytes(large)))).toBe(true);
      const streamed = await store.get('runs/p1/r1/report.ndjson');
      let seen = 0;
      for await (const c of streamed!.stream) seen += (c as Buffer).length;
      expect(seen).toBe(large * 1024 * 1024);

      const failing = Readable.from((async function* () {
        yield* megabytes(cut);
        throw new Error('upload cut');
      })());
      await expect(store.put('runs/p1/r1/cut.ndjson', failing, 'application/x-ndjson')).rejects.toThrow('upload cut');
      expect(await store.get('runs/p1/r1/cut.ndjson')).toBeNull();
      await noPending();
    });

    it('refuses keys that are not confined to the store', async () => {
      for (const key of BAD_KEYS) {
        expect(isValidBlobKey(key), key).toBe(false);
        await expect(store.put(key, 'escape', 'text/plain'), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      expect(isValidBlobKey('runs/p-1/r_2/att.3.png')).toBe(true);
    });

    it('refuses a media type that could break the header', async () => {
      await expect(store.put('k/a', 'x', 'text/plain\nswblob1 image/png')).rejects.toThrow('Invalid media type');
      await expect(store.put('k/a', 'x', '')).rejects.toThrow('Invalid media type');
      expect(await store.get('k/a')).toBeNull();
    });

    it('deletes a prefix: the blob and everything under it, not its siblings', async () => {
      for (const key of ['runs/p/r1/a', 'runs/p/r1/b', 'runs/p/r10/a', 'runs/p/r1x', 'runs/p/r1_/a', 'runs/q/r1/a']) await store.put(key, key, 'text/plain');
      await store.delete('runs/p/r1');
      expect(await store.get('runs/p/r1/a')).toBeNull();
      expect(await store.get('runs/p/r1/b')).toBeNull();
      for (const kept of ['runs/p/r10/a', 'runs/p/r1x', 'runs/p/r1_/a', 'runs/q/r1/a']) expect((await store.read(kept))?.bytes.toString(), kept).toBe(kept);
      await store.delete('runs/p/r10/a');
      expect(await store.get('runs/p/r10/a')).toBeNull();
      await store.delete('runs/none');
      expect((await store.read('runs/p/r1x'))?.bytes.toString()).toBe('runs/p/r1x');
    });
  });
}
