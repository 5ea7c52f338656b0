import type { BlobStore } from '../../blobs/blob-store.ts';

/**
 * Where each test case's messages are in an imported run's stored report, by the test case's position:
 * little-endian 32-bit words, [count, start(0) ... start(count), pairs...], where the pairs of
 * position p (offset, length, in bytes, of a message or of several whole lines in a row) are the words
 * start(p) .. start(p+1) of the pairs. A scenario report reads its test case's entry with two small
 * reads, and its messages with one read of each range.
 */

export const INDEX_MEDIA_TYPE = 'application/octet-stream';
export const indexKeyOf = (sourceKey: string) => `${sourceKey.replace(/\.ndjson$/, '')}.index`;

/**
 * The index of test cases' message places, in position order; a test case's places may come in
 * several parts (written one after the other, without joining them first).
 */
export function buildSourceIndex(places: ReadonlyArray<readonly number[] | ReadonlyArray<readonly number[]>>): ArrayBuffer {
  const partsOf = (p: readonly number[] | ReadonlyArray<readonly number[]>): ReadonlyArray<readonly number[]> =>
    p.length > 0 && typeof p[0] !== 'number' ? (p as ReadonlyArray<readonly number[]>) : [p as readonly number[]];
  let pairs = 0;
  for (const p of places) for (const part of partsOf(p)) pairs += part.length;
  const words = new Uint32Array(2 + places.length + pairs);
  words[0] = places.length;
  let at = 0;
  const base = 2 + places.length;
  places.forEach((p, i) => {
    words[1 + i] = at;
    for (const part of partsOf(p)) {
      words.set(part, base + at);
      at += part.length;
    }
  });
  words[1 + places.length] = at;
  return words.buffer;
}

/** The message places of the test case at `position`, or null when the index does not have it. */
export async function readSourceIndex(blobs: BlobStore, key: string, position: number): Promise<number[] | null> {
  if (!Number.isInteger(position) || position < 0) return null;
  const head = await blobs.readRanges(key, [0, 4, 4 * (1 + position), 8]);
  if (!head || head[0].length < 4 || head[1].length < 8) return null;
  const count = head[0].readUInt32LE(0);
  if (position >= count) return null;
  const start = head[1].readUInt32LE(0);
  const end = head[1].readUInt32LE(4);
  if (end < start) return null;
  if (end === start) return [];
  const [data] = (await blobs.readRanges(key, [4 * (2 + count + start), 4 * (end - start)])) ?? [];
  if (!data || data.length < 4 * (end - start)) return null;
  const out: number[] = [];
  for (let i = 0; i < end - start; i++) out.push(data.readUInt32LE(4 * i));
  return out;
}
