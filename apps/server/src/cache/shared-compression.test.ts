import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressShared, packCompressed, unpackCompressed, withOwnPart, type Encoding } from './shared-compression.ts';

const decode = (encoding: Encoding, bytes: Buffer) => (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes));

describe.each(['gzip', 'br'] as const)('a part compressed once, shared by %s answers', (encoding) => {
  it('any shared part followed by any own part decodes to both', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 70_000 }), fc.uint8Array({ maxLength: 140_000 }), async (shared, own) => {
        const answer = withOwnPart(await compressShared(Buffer.from(shared), encoding), Buffer.from(own));
        expect(decode(encoding, answer).equals(Buffer.concat([shared, own]))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('one compressed tree serves answers that differ in their own part, each a fraction of the JSON', async () => {
    const tree = Buffer.from(`{"foldersAndFeatures":${JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}.feature`, tags: ['@smoke'] })))},`);
    const shared = await compressShared(tree, encoding);
    for (const user of ['ann', 'bob']) {
      const answer = withOwnPart(shared, Buffer.from(`"user":"${user}"}`));
      expect(JSON.parse(decode(encoding, answer).toString()).user).toBe(user);
      expect(answer.length).toBeLessThan(tree.length / 10);
    }
  });

  it('is stored and read back; a damaged or foreign file is refused', async () => {
    const shared = await compressShared(Buffer.from('{"a":1,'.repeat(1000)), encoding);
    const packed = packCompressed(shared);
    const back = unpackCompressed(packed, encoding)!;
    expect(back.raw.equals(shared.raw)).toBe(true);
    expect([back.encoding, back.crc, back.size]).toEqual([encoding, shared.crc, shared.size]);
    const damaged = Buffer.from(packed);
    damaged[3] ^= 0xff;
    expect(unpackCompressed(damaged, encoding)).toBe(null);
    expect(unpackCompressed(packed.subarray(4), encoding)).toBe(null);
    expect(unpackCompressed(Buffer.from('{"allTags":[]}'), encoding)).toBe(null);
  });
});
