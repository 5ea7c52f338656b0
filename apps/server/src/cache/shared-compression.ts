import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = 'br' | 'gzip';

/**
 * A large part shared by many answers (the features tree), compressed once per encoding, and each
 * answer's small own part after it, joined without compressing the large part again:
 * - gzip: the shared part is a raw deflate stream flushed to a byte boundary without a final block;
 *   the own part is deflated on its own after it (RFC 1951 blocks may follow a sync flush, and the own
 *   part's refer to nothing before them), inside one gzip member whose CRC-32 is continued over it.
 * - br: the shared part is a brotli stream flushed to a byte boundary, not finished; the own part
 *   follows as uncompressed meta-blocks, then the empty last meta-block (RFC 7932, 9.2).
 */
export interface Compressed {
  readonly encoding: Encoding;
  /** The compressed stream, flushed, not finished. */
  readonly raw: Buffer;
  /** CRC-32 and length of what it holds. */
  readonly crc: number;
  readonly size: number;
}

/** `data` compressed as the leading part of answers (in the thread pool). */
export async function compressShared(data: Buffer, encoding: Encoding): Promise<Compressed> {
  const raw =
    encoding === 'gzip'
      ? await deflateRaw(data, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : await brotli(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
        });
  return { encoding, raw, crc: zlib.crc32(data), size: data.length };
}

/** gzip member header: deflate, no flags, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A brotli meta-block with ISLAST and ISLASTEMPTY set: the end of the stream. */
const BROTLI_END = Buffer.from([0x03]);
const BROTLI_MAX_UNCOMPRESSED = 1 << 16;

/** One answer in `shared.encoding`: `shared`'s bytes followed by `own` (small: done here, synchronously). */
export function withOwnPart(shared: Compressed, own: Buffer): Buffer {
  if (shared.encoding === 'br') return Buffer.concat([shared.raw, ...brotliUncompressed(own), BROTLI_END]);
  const tail = zlib.deflateRawSync(own, { level: 6 });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(own, shared.crc) >>> 0, 0);
  trailer.writeUInt32LE((shared.size + own.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, shared.raw, tail, trailer]);
}

/**
 * `data` as uncompressed brotli meta-blocks of up to 64 KiB, each starting on a byte boundary: ISLAST 0,
 * MNIBBLES 4 (code 0), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, then zero bits to the byte (24 bits in
 * all, least significant first), then the bytes.
 */
function brotliUncompressed(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; at += BROTLI_MAX_UNCOMPRESSED) {
    const chunk = data.subarray(at, at + BROTLI_MAX_UNCOMPRESSED);
    const header = Buffer.alloc(3);
    header.writeUIntLE(((chunk.length - 1) << 3) | (1 << 19), 0, 3);
    out.push(header, chunk);
  }
  return out;
}

const TRAILER = 16;
const MARK = 0x5357;

/** `compressed` as one buffer to store: the stream, then its own CRC-32, what it holds (CRC-32, length) and a mark. */
export function packCompressed(compressed: Compressed): Buffer {
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeUInt32LE(zlib.crc32(compressed.raw) >>> 0, 0);
  trailer.writeUInt32LE(compressed.crc >>> 0, 4);
  trailer.writeUIntLE(compressed.size, 8, 6);
  trailer.writeUInt16LE(MARK, 14);
  return Buffer.concat([compressed.raw, trailer]);
}

/** The inverse of packCompressed; null when `packed` is not one or was damaged. */
export function unpackCompressed(packed: Buffer, encoding: Encoding): Compressed | null {
  if (packed.length < TRAILER || packed.readUInt16LE(packed.length - 2) !== MARK) return null;
  const t = packed.length - TRAILER;
  const raw = packed.subarray(0, t);
  if (zlib.crc32(raw) >>> 0 !== packed.readUInt32LE(t)) return null;
  return { encoding, raw, crc: packed.readUInt32LE(t + 4), size: packed.readUIntLE(t + 8, 6) };
}
