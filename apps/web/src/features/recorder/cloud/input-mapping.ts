import type { RecorderInput } from '@stepwise/shared';

export interface Size {
  width: number;
  height: number;
}
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const MAX_COORD = 10_000;
const MAX_DELTA = 10_000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 100) / 100;

/**
 * A point of the canvas as shown on screen (`box`: its client rectangle, the frame scaled to fill it)
 * in the page's CSS pixels (`page`: the frame's size), or null outside the drawn page.
 */
export function pointToPage(clientX: number, clientY: number, box: Box, page: Size): { x: number; y: number } | null {
  if (box.width <= 0 || box.height <= 0 || page.width <= 0 || page.height <= 0) return null;
  const rx = (clientX - box.left) / box.width;
  const ry = (clientY - box.top) / box.height;
  if (rx < 0 || ry < 0 || rx > 1 || ry > 1) return null;
  return {
    x: round(clamp(rx * page.width, 0, Math.min(page.width - 0.01, MAX_COORD))),
    y: round(clamp(ry * page.height, 0, Math.min(page.height - 0.01, MAX_COORD))),
  };
}

/** The largest size of `frame`'s aspect ratio that fits in `room`, never larger than the frame itself. */
export function fitSize(frame: Size, room: Size): Size {
  if (frame.width <= 0 || frame.height <= 0 || room.width <= 0 || room.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, room.width / frame.width, room.height / frame.height);
  return { width: Math.floor(frame.width * scale), height: Math.floor(frame.height * scale) };
}

export function buttonOf(button: number): 'left' | 'middle' | 'right' {
  return button === 1 ? 'middle' : button === 2 ? 'right' : 'left';
}

export function clickCountOf(detail: number): number {
  return clamp(Math.floor(detail) || 1, 1, 3);
}

/** Wheel deltas in pixels (lines are 16 px, pages the page's height), within the protocol's bounds. */
export function wheelDelta(delta: number, mode: number, pageHeight: number): number {
  const px = mode === 1 ? delta * 16 : mode === 2 ? delta * pageHeight : delta;
  return clamp(round(px), -MAX_DELTA, MAX_DELTA);
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}

/**
 * What a key event on the focused canvas becomes: forwarded as a key, left to the browser (paste
 * arrives as text through the paste event; a composition as text at its end), or ignored.
 */
export function keyDisposition(e: KeyLike): 'forward' | 'paste' | 'ignore' {
  if (e.isComposing || e.key === 'Process' || e.key === 'Dead' || e.key === 'Unidentified') return 'ignore';
  if (!e.key || e.key.length > 40) return 'ignore';
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'v') return 'paste';
  return 'forward';
}

/**
 * Sends input in order, with mouse moves and wheel turns coalesced to one per animation frame: a
 * discrete input (button, key, text) first sends what is pending, so nothing overtakes it.
 */
export class InputPump {
  private move: { x: number; y: number } | null = null;
  private wheel: { x: number; y: number; deltaX: number; deltaY: number } | null = null;
  private scheduled = false;

  private readonly send: (input: RecorderInput) => void;
  private readonly schedule: (fn: () => void) => void;

  constructor(send: (input: RecorderInput) => void, schedule: (fn: () => void) => void = (fn) => requestAnimationFrame(fn)) {
    this.send = send;
    this.schedule = schedule;
  }

  mouseMove(x: number, y: number): void {
    this.move = { x, y };
    this.later();
  }

  mouseWheel(x: number, y: number, deltaX: number, deltaY: number): void {
    const w = this.wheel;
    this.wheel = w ? { x, y, deltaX: clamp(w.deltaX + deltaX, -MAX_DELTA, MAX_DELTA), deltaY: clamp(w.deltaY + deltaY, -MAX_DELTA, MAX_DELTA) } : { x, y, deltaX, deltaY };
    this.later();
  }

  now(input: RecorderInput): void {
    this.flush();
    this.send(input);
  }

  flush(): void {
    const { move, wheel } = this;
    this.move = null;
    this.wheel = null;
    if (move) this.send({ type: 'mouse', action: 'move', x: move.x, y: move.y, button: 'left', clickCount: 1 });
    if (wheel && (wheel.deltaX !== 0 || wheel.deltaY !== 0)) this.send({ type: 'wheel', ...wheel });
  }

  private later(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }
}
