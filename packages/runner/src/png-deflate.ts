import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Step pictures are asked of Chromium in its fast PNG form (`optimizeForSpeed`: its quickest deflate),
 * which saves 15-20 ms a picture on the step's path, and compressed again here, beside the run, in
 * Node's thread pool: the same image data (the same filtered rows), deflated at zlib's level 6. The
 * pixels do not change; the file ends 20-30% smaller than Chromium's fast form, within about 20% of
 * its default one (docs/PERFORMANCE.md, bench:runner).
 */

const inflate = promisify(zlib.inflate);
const deflate = promisify(zlib.deflate);
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Largest image data this inflates (a 4K screenshot with alpha is 33 MB): more is left as it is. */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
const LEVEL = 6;

interface Chunk {
  type: string;
  data: Buffer;
}

/** The chunks of a PNG, or null when it is not one (a bad length, a missing IHDR or IEND). */
export function pngChunks(png: Buffer): Chunk[] | null {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const chunks: Chunk[] = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    if (at + 12 + length > png.length) return null;
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  if (at !== png.length || chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') return null;
  return chunks;
}

/** One chunk as the file holds it: length, type, data, CRC. */
export function chunkBytes({ type, data }: Chunk): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * `png` with its image data deflated again at level 6, or `png` itself when that is not smaller or it
 * is not a PNG this can read (then nothing is lost: the picture is kept as Chromium made it).
 */
export async function redeflatePng(png: Buffer): Promise<Buffer> {
  const chunks = pngChunks(png);
  if (!chunks) return png;
  const first = chunks.findIndex((c) => c.type === 'IDAT');
  let last = first;
  while (chunks[last + 1]?.type === 'IDAT') last++;
  // IDAT chunks must follow each other; another after the run of them is a broken file.
  if (first < 0 || chunks.slice(last + 1).some((c) => c.type === 'IDAT')) return png;
  try {
    const image = await inflate(Buffer.concat(chunks.slice(first, last + 1).map((c) => c.data)), { maxOutputLength: MAX_IMAGE_BYTES });
    const data = await deflate(image, { level: LEVEL, memLevel: 9 });
    if (data.length >= chunks.slice(first, last + 1).reduce((n, c) => n + c.data.length, 0)) return png;
    return Buffer.concat([PNG_SIGNATURE, ...chunks.slice(0, first).map(chunkBytes), chunkBytes({ type: 'IDAT', data }), ...chunks.slice(last + 1).map(chunkBytes)]);
  } catch {
    return png;
  }
}
