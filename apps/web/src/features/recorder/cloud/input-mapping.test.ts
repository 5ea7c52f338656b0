import type { RecorderInput } from '@stepwise/shared';
import { RecorderInputSchema } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { buttonOf, clickCountOf, fitSize, InputPump, keyDisposition, pointToPage, wheelDelta } from './input-mapping';

describe('canvas to page coordinates', () => {
  const box = { left: 100, top: 50, width: 640, height: 400 };
  const page = { width: 1280, height: 800 };

  it('scales a point of the shown canvas back to the page CSS pixels', () => {
    expect(pointToPage(100, 50, box, page)).toEqual({ x: 0, y: 0 });
    expect(pointToPage(420, 250, box, page)).toEqual({ x: 640, y: 400 });
    expect(pointToPage(100 + 320.5, 50 + 10.25, box, page)).toEqual({ x: 641, y: 20.5 });
  });

  it('keeps the far edge inside the page and ignores points outside the canvas', () => {
    const edge = pointToPage(740, 450, box, page)!;
    expect(edge.x).toBeLessThan(1280);
    expect(edge.y).toBeLessThan(800);
    expect(pointToPage(99, 60, box, page)).toBeNull();
    expect(pointToPage(200, 451, box, page)).toBeNull();
    expect(pointToPage(200, 60, { ...box, width: 0 }, page)).toBeNull();
  });

  it('fits the frame in the room keeping its ratio, never enlarged', () => {
    expect(fitSize({ width: 1280, height: 800 }, { width: 640, height: 1000 })).toEqual({ width: 640, height: 400 });
    expect(fitSize({ width: 390, height: 844 }, { width: 1000, height: 422 })).toEqual({ width: 195, height: 422 });
    expect(fitSize({ width: 800, height: 600 }, { width: 2000, height: 2000 })).toEqual({ width: 800, height: 600 });
    expect(fitSize({ width: 800, height: 600 }, { width: 0, height: 500 })).toEqual({ width: 0, height: 0 });
  });
});

describe('input events', () => {
  it('names buttons and clamps click counts', () => {
    expect([buttonOf(0), buttonOf(1), buttonOf(2), buttonOf(4)]).toEqual(['left', 'middle', 'right', 'left']);
    expect([clickCountOf(0), clickCountOf(2), clickCountOf(7)]).toEqual([1, 2, 3]);
  });

  it('turns wheel lines and pages into pixels within the protocol bounds', () => {
    expect(wheelDelta(3, 1, 800)).toBe(48);
    expect(wheelDelta(-1, 2, 800)).toBe(-800);
    expect(wheelDelta(120, 0, 800)).toBe(120);
    expect(wheelDelta(1e9, 0, 800)).toBe(10_000);
  });

  it('forwards keys, leaves paste to its event and ignores compositions', () => {
    const k = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; isComposing: boolean }> = {}) => keyDisposition({ key, ctrlKey: false, metaKey: false, ...mods });
    expect(k('a')).toBe('forward');
    expect(k('Enter')).toBe('forward');
    expect(k('Shift')).toBe('forward');
    expect(k('a', { ctrlKey: true })).toBe('forward');
    expect(k('v', { ctrlKey: true })).toBe('paste');
    expect(k('V', { metaKey: true })).toBe('paste');
    expect(k('Process')).toBe('ignore');
    expect(k('a', { isComposing: true })).toBe('ignore');
  });
});

describe('InputPump', () => {
  function pump() {
    const sent: RecorderInput[] = [];
    const queued: (() => void)[] = [];
    const p = new InputPump((i) => sent.push(RecorderInputSchema.parse(i)), (fn) => queued.push(fn));
    const frame = () => queued.splice(0).forEach((fn) => fn());
    return { p, sent, frame, queued };
  }

  it('sends one mouse move per animation frame, the latest', () => {
    const { p, sent, frame, queued } = pump();
    p.mouseMove(1, 1);
    p.mouseMove(2, 2);
    p.mouseMove(3, 4);
    expect(sent).toEqual([]);
    expect(queued).toHaveLength(1);
    frame();
    expect(sent).toEqual([{ type: 'mouse', action: 'move', x: 3, y: 4, button: 'left', clickCount: 1 }]);
    frame();
    expect(sent).toHaveLength(1);
  });

  it('adds up the wheel turns of a frame', () => {
    const { p, sent, frame } = pump();
    p.mouseWheel(10, 10, 0, 100);
    p.mouseWheel(12, 11, 5, 60);
    frame();
    expect(sent).toEqual([{ type: 'wheel', x: 12, y: 11, deltaX: 5, deltaY: 160 }]);
  });

  it('sends what is pending before a button or key, so nothing is overtaken', () => {
    const { p, sent, frame } = pump();
    p.mouseMove(50, 60);
    p.now({ type: 'mouse', action: 'down', x: 50, y: 60, button: 'left', clickCount: 1 });
    p.now({ type: 'key', action: 'down', key: 'a' });
    frame();
    expect(sent.map((i) => (i.type === 'mouse' ? `${i.type}:${i.action}` : i.type))).toEqual(['mouse:move', 'mouse:down', 'key']);
  });
});
