import zlib from 'node:zlib';
import type { Envelope } from '@cucumber/messages';
import { describe, expect, it } from 'vitest';
import { EnvelopeQueue } from './envelope-queue.ts';
import { chunkBytes, PNG_SIGNATURE } from './png-deflate.ts';

const chunk = (type: string, data: Buffer) => chunkBytes({ type, data });

/** A 300x200 grey PNG deflated at zlib's fastest level. */
function fastPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(300, 0);
  ihdr.writeUInt32BE(200, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((300 * 3 + 1) * 200, 0x80);
  for (let y = 0; y < 200; y++) rows[y * 901] = 0;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

const text = (body: string): Envelope => ({ attachment: { body, mediaType: 'text/plain', contentEncoding: 'IDENTITY' as never } });
const shot = (png: Buffer): Envelope => ({ attachment: { body: png.toString('base64'), mediaType: 'image/png', contentEncoding: 'BASE64' as never } });

const finished: Envelope = { testRunFinished: { success: true, timestamp: { seconds: 1, nanos: 0 } } };

describe('EnvelopeQueue', () => {
  it('sends a screenshot once compressed again, everything else at once, and the run\'s end after every picture', async () => {
    const sent: Envelope[] = [];
    const queue = new EnvelopeQueue((e) => sent.push(e));
    const png = fastPng();
    queue.push(text('before'));
    queue.push(shot(png));
    queue.push(text('after'));
    queue.push(finished);
    // The picture is still being compressed: what is not a picture is out already, the run's end is not.
    expect(sent.map((e) => e.attachment?.body)).toEqual(['before', 'after']);
    await queue.drained();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toBe(finished);
    const out = Buffer.from(sent[2].attachment!.body, 'base64');
    expect(out.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(out.length).toBeLessThan(png.length);
  });

  it('keeps the picture it was given when the run drops cucumber\'s copy of it meanwhile', async () => {
    const sent: Envelope[] = [];
    const queue = new EnvelopeQueue((e) => sent.push(e));
    const envelope = shot(fastPng());
    queue.push(envelope);
    envelope.attachment!.body = '';
    await queue.drained();
    expect(Buffer.from(sent[0].attachment!.body, 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('sends what waits at once on flush, the picture as it came', () => {
    const sent: Envelope[] = [];
    const queue = new EnvelopeQueue((e) => sent.push(e));
    const png = fastPng();
    queue.push(shot(png));
    queue.push(finished);
    queue.flush();
    expect(sent.map((e) => e.attachment?.body ?? 'finished')).toEqual([png.toString('base64'), 'finished']);
    return queue.drained();
  });
});
