/**
 * Shared buffers for uploads of a known length, kept for the next import a while: a new buffer of
 * tens of megabytes costs its fresh pages (about 1 ms per MB) and, being memory outside the script
 * heap, brings the main thread's garbage collector to a full collection of its heap for about every
 * 64 MB allocated so. The last import's buffer is kept, at most KEEP_MS.
 */

const KEEP_MS = 60_000;

let idle: SharedArrayBuffer | null = null;
let timer: NodeJS.Timeout | null = null;

/** A buffer of at least `length` bytes (its first `length` are the upload's; the rest is unused). */
export function takeUploadBuffer(length: number): SharedArrayBuffer {
  const kept = idle;
  // A kept buffer serves an upload of at least half its size (a small upload does not hold a big one).
  if (kept && kept.byteLength >= length && kept.byteLength <= length * 2) {
    idle = null;
    return kept;
  }
  return new SharedArrayBuffer(length);
}

/** Gives a buffer back once nothing reads it any more (its import's worker is done or ended). */
export function giveBackUploadBuffer(sab: SharedArrayBuffer): void {
  if (sab.growable) return;
  idle = sab;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    idle = null;
    timer = null;
  }, KEEP_MS);
  timer.unref();
}
