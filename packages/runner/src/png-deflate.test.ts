import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkBytes, PNG_SIGNATURE, pngChunks, redeflatePng } from './png-deflate.ts';

const chunk = (type: string, data: Buffer) => chunkBytes({ type, data });

/** An RGB picture like a page's (bands of colour, some text-like noise), its rows filtered with "Up", deflated at `level` in IDAT chunks of `split` bytes. */
function picture(width: number, height: number, level: number, split = 4096): { png: Buffer; image: Buffer } {
  const image = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    image[row] = 2;
    for (let x = 0; x < width * 3; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      image[row + 1 + x] = y % 40 < 20 && x % 97 < 30 ? seed & 0xff : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const data = zlib.deflateSync(image, { level });
  const idats: Buffer[] = [];
  for (let at = 0; at < data.length; at += split) idats.push(chunk('IDAT', data.subarray(at, at + split)));
  const png = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('tEXt', Buffer.from('Software\0test')), ...idats, chunk('IEND', Buffer.alloc(0))]);
  return { png, image };
}

function imageOf(png: Buffer): Buffer {
  const chunks = pngChunks(png)!;
  return zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
}

function crcsHold(png: Buffer): boolean {
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const crc = png.readUInt32BE(at + 8 + length);
    if (zlib.crc32(png.subarray(at + 8, at + 8 + length), zlib.crc32(png.subarray(at + 4, at + 8))) !== crc) return false;
    at += 12 + length;
  }
  return true;
}

describe('redeflatePng', () => {
  it('deflates a fast PNG again: smaller, the same image data, every other chunk kept, every CRC right', async () => {
    const { png, image } = picture(640, 360, 1);
    const out = await redeflatePng(png);
    expect(out.length).toBeLessThan(png.length);
    expect(imageOf(out).equals(image)).toBe(true);
    expect(crcsHold(out)).toBe(true);
    const types = pngChunks(out)!.map((c) => c.type);
    expect(types).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
    expect(pngChunks(out)![0].data.equals(pngChunks(png)![0].data)).toBe(true);
    // The zlib header names the level: 2 is zlib's default (6), 0 its fastest (1).
    expect(pngChunks(png)!.find((c) => c.type === 'IDAT')!.data[1] >> 6).toBe(0);
    expect(pngChunks(out)!.find((c) => c.type === 'IDAT')!.data[1] >> 6).toBe(2);
  });

  it('keeps a PNG that would not get smaller, and anything it cannot read, as it is', async () => {
    const best = picture(200, 100, 9).png;
    expect(await redeflatePng(best)).toBe(best);
    const notPng = Buffer.from('not a picture at all');
    expect(await redeflatePng(notPng)).toBe(notPng);
    const fast = picture(200, 100, 1).png;
    const cut = fast.subarray(0, fast.length - 20);
    expect(await redeflatePng(cut)).toBe(cut);
    // Image data that does not inflate (a broken deflate stream) is kept too.
    const broken = Buffer.from(fast);
    const idat = broken.indexOf('IDAT', 8, 'latin1');
    broken.fill(0xff, idat + 6, idat + 40);
    expect(await redeflatePng(broken)).toBe(broken);
  });
});
