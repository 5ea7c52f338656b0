/**
 * The text of an export as the bytes its stream writes: each piece is encoded into a buffer of
 * BUFFER_BYTES as soon as it is made (so it is garbage at once, young, instead of living in a joined
 * string until that is written), and a full buffer is handed on. Read as a stream (Readable.from), the
 * next pieces are made only when the reader wants more.
 */

export const BUFFER_BYTES = 64 * 1024;

export async function* asBytes(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  for await (const piece of pieces) {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (used > 0 && used + piece.length * 3 > BUFFER_BYTES) {
      yield buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(BUFFER_BYTES);
      used = 0;
    }
    if (piece.length * 3 > BUFFER_BYTES) yield Buffer.from(piece, 'utf8');
    else used += buffer.write(piece, used, 'utf8');
  }
  if (used > 0) yield buffer.subarray(0, used);
}
