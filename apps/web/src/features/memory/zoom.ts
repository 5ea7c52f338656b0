/** Map zoom (spec 2.11, 9): 0.5 to 2 in steps of 0.1. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 2;
export const ZOOM_STEP = 0.1;

const tenths = (z: number) => Math.round(z * 10) / 10;

/** The zoom one step in or out, on the 0.1 grid and within 0.5-2 (a fitted 0.73 goes to 0.8 or 0.7). */
export function stepZoom(current: number, direction: 1 | -1): number {
  const base = Number.isFinite(current) ? current : 1;
  const snapped = tenths(base);
  let next: number;
  if (Math.abs(snapped - base) < 1e-6) next = snapped + direction * ZOOM_STEP;
  else next = direction > 0 ? Math.ceil(base * 10) / 10 : Math.floor(base * 10) / 10;
  return clampZoom(tenths(next));
}

export function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

export function zoomPercent(z: number): string {
  return `${Math.round(z * 100)}%`;
}
