import type { RecorderFrame } from '@stepwise/shared';
import type { Size } from './input-mapping';

/** The frame's JPEG bytes (socket.io hands binary over as an ArrayBuffer). */
function jpegOf(data: Uint8Array | ArrayBuffer): Blob {
  return new Blob([data as BlobPart], { type: 'image/jpeg' });
}

/**
 * Draws screencast frames on a canvas, newest first: while one is decoding, only the latest frame
 * that arrived meanwhile is kept. The canvas's pixels are the JPEG's; `onSize` gets the page's size
 * in CSS pixels when it changes.
 */
export class FrameDrawer {
  private busy = false;
  private pending: RecorderFrame | null = null;
  private lastSeq = -1;
  private size: Size | null = null;
  private disposed = false;

  private readonly canvas: HTMLCanvasElement;
  private readonly onSize: (size: Size) => void;

  constructor(canvas: HTMLCanvasElement, onSize: (size: Size) => void) {
    this.canvas = canvas;
    this.onSize = onSize;
  }

  draw(frame: RecorderFrame): void {
    if (this.disposed || frame.seq <= this.lastSeq) return;
    if (this.busy) {
      if (!this.pending || frame.seq > this.pending.seq) this.pending = frame;
      return;
    }
    this.busy = true;
    void this.paint(frame).finally(() => {
      this.busy = false;
      const next = this.pending;
      this.pending = null;
      if (next) this.draw(next);
    });
  }

  dispose(): void {
    this.disposed = true;
    this.pending = null;
  }

  private async paint(frame: RecorderFrame): Promise<void> {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(jpegOf(frame.data));
    } catch {
      return;
    }
    try {
      if (this.disposed || frame.seq <= this.lastSeq) return;
      this.lastSeq = frame.seq;
      const { canvas } = this;
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
      }
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      if (!this.size || this.size.width !== frame.width || this.size.height !== frame.height) {
        this.size = { width: frame.width, height: frame.height };
        this.onSize(this.size);
      }
    } finally {
      bitmap.close();
    }
  }
}
