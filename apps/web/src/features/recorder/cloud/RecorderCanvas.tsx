import Box from '@mui/material/Box';
import type { RecorderFrame, RecorderInput } from '@stepwise/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { buttonOf, clickCountOf, fitSize, InputPump, keyDisposition, pointToPage, type Size, wheelDelta } from './input-mapping';
import { FrameDrawer } from './frame-drawer';

export interface RecorderCanvasProps {
  subscribeFrames: (listener: (frame: RecorderFrame) => void) => () => void;
  sendInput: (input: RecorderInput) => void;
  /** Input is forwarded only while the session is live. */
  active: boolean;
  /** The next press on the page picks a point (Assert element visible) instead of clicking. */
  picking: boolean;
  onPick: (point: { x: number; y: number }) => void;
  /** Shown over the page (progress, errors). */
  overlay?: ReactNode;
}

/**
 * The streamed page: frames drawn scaled to fit, and the mouse, wheel and keyboard (while focused)
 * sent back in the page's CSS pixels.
 */
export function RecorderCanvas({ subscribeFrames, sendInput, active, picking, onPick, overlay }: RecorderCanvasProps) {
  const roomRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [room, setRoom] = useState<Size>({ width: 0, height: 0 });
  const [frameSize, setFrameSize] = useState<Size | null>(null);
  const frameRef = useRef<Size | null>(null);
  const live = useRef({ active, picking, onPick, sendInput });
  live.current = { active, picking, onPick, sendInput };

  useEffect(() => {
    const el = roomRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setRoom({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const drawer = new FrameDrawer(canvas, (size) => {
      frameRef.current = size;
      setFrameSize((prev) => (prev && prev.width === size.width && prev.height === size.height ? prev : size));
    });
    const unsubscribe = subscribeFrames((f) => drawer.draw(f));
    return () => {
      unsubscribe();
      drawer.dispose();
    };
  }, [subscribeFrames]);

  // Mouse, wheel and keys: native listeners (the wheel's must not be passive to keep the app from scrolling).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pump = new InputPump((input) => live.current.sendInput(input));
    const at = (e: MouseEvent) => (frameRef.current ? pointToPage(e.clientX, e.clientY, canvas.getBoundingClientRect(), frameRef.current) : null);
    let held = 0;
    let swallowUp = false;
    let lastPoint: { x: number; y: number } | null = null;

    const move = (e: MouseEvent) => {
      if (!live.current.active || live.current.picking) return;
      const p = at(e);
      if (p) pump.mouseMove(p.x, p.y);
    };
    const up = (e: MouseEvent) => {
      held = Math.max(0, held - 1);
      if (held === 0) {
        window.removeEventListener('mousemove', move);
        window.removeEventListener('mouseup', up);
      }
      if (swallowUp) return void (swallowUp = false);
      if (!live.current.active) return;
      const p = at(e) ?? lastPoint;
      if (p) pump.now({ type: 'mouse', action: 'up', x: p.x, y: p.y, button: buttonOf(e.button), clickCount: clickCountOf(e.detail) });
    };
    const down = (e: MouseEvent) => {
      e.preventDefault();
      canvas.focus({ preventScroll: true });
      const p = at(e);
      if (!p || !live.current.active) return;
      lastPoint = p;
      held += 1;
      if (held === 1) {
        window.addEventListener('mousemove', move);
        window.addEventListener('mouseup', up);
      }
      if (live.current.picking) {
        swallowUp = true;
        live.current.onPick(p);
        return;
      }
      pump.now({ type: 'mouse', action: 'down', x: p.x, y: p.y, button: buttonOf(e.button), clickCount: clickCountOf(e.detail) });
    };
    const hover = (e: MouseEvent) => {
      if (held === 0) move(e);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = at(e);
      const page = frameRef.current;
      if (!p || !page || !live.current.active) return;
      pump.mouseWheel(p.x, p.y, wheelDelta(e.deltaX, e.deltaMode, page.height), wheelDelta(e.deltaY, e.deltaMode, page.height));
    };
    const key = (action: 'down' | 'up') => (e: KeyboardEvent) => {
      const what = keyDisposition(e);
      if (what !== 'forward') return;
      e.preventDefault();
      if (live.current.active) pump.now({ type: 'key', action, key: e.key });
    };
    const paste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (text && live.current.active) pump.now({ type: 'text', text: text.slice(0, 10_000) });
    };
    const menu = (e: Event) => e.preventDefault();
    const keyDown = key('down');
    const keyUp = key('up');
    canvas.addEventListener('mousedown', down);
    canvas.addEventListener('mousemove', hover);
    canvas.addEventListener('wheel', wheel, { passive: false });
    canvas.addEventListener('keydown', keyDown);
    canvas.addEventListener('keyup', keyUp);
    canvas.addEventListener('paste', paste);
    canvas.addEventListener('contextmenu', menu);
    return () => {
      canvas.removeEventListener('mousedown', down);
      canvas.removeEventListener('mousemove', hover);
      canvas.removeEventListener('wheel', wheel);
      canvas.removeEventListener('keydown', keyDown);
      canvas.removeEventListener('keyup', keyUp);
      canvas.removeEventListener('paste', paste);
      canvas.removeEventListener('contextmenu', menu);
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
  }, []);

  const shown = frameSize ? fitSize(frameSize, room) : null;
  return (
    <Box ref={roomRef} sx={{ position: 'relative', flex: 1, minHeight: 0, minWidth: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      <Box
        component="canvas"
        ref={canvasRef}
        tabIndex={0}
        role="application"
        aria-label="Recorded browser page"
        data-testid="recorder-canvas"
        sx={{
          display: shown ? 'block' : 'none',
          width: shown?.width,
          height: shown?.height,
          bgcolor: 'common.white',
          boxShadow: 3,
          cursor: picking ? 'crosshair' : 'default',
          outline: 'none',
          // Drawn inside the page: the canvas may fill its room, whose edges clip anything outside.
          '&:focus': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      />
      {overlay && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3, bgcolor: shown ? 'rgba(255,255,255,0.7)' : 'transparent' }}>
          {overlay}
        </Box>
      )}
    </Box>
  );
}
