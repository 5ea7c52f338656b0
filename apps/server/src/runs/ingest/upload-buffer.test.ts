import { describe, expect, it } from 'vitest';
import { giveBackUploadBuffer, takeUploadBuffer } from './upload-buffer.ts';

describe('upload buffers', () => {
  it("serves an upload with the last import's buffer when it is long enough and at most twice as long", () => {
    const first = takeUploadBuffer(1000);
    expect(first.byteLength).toBe(1000);
    giveBackUploadBuffer(first);
    // Too long for this one: a buffer of its own, and the kept one stays.
    const small = takeUploadBuffer(400);
    expect(small).not.toBe(first);
    expect(small.byteLength).toBe(400);
    const again = takeUploadBuffer(600);
    expect(again).toBe(first);
    // Taken: the next upload gets a new one.
    expect(takeUploadBuffer(600)).not.toBe(first);
    giveBackUploadBuffer(again);
    // Too short: a new one.
    expect(takeUploadBuffer(1001).byteLength).toBe(1001);
    // A growable buffer (an upload without a length) is not kept.
    const growable = new SharedArrayBuffer(10, { maxByteLength: 100 });
    giveBackUploadBuffer(growable);
    expect(takeUploadBuffer(1000)).toBe(first);
  });
});
