import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, stepZoom, zoomPercent } from './zoom';

describe('map zoom', () => {
  it('ranges from 0.5 to 2', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([0.5, 2]);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(5)).toBe(2);
  });

  it('steps by 0.1 without drifting', () => {
    let z = 1;
    for (let i = 0; i < 3; i++) z = stepZoom(z, 1);
    expect(z).toBe(1.3);
    for (let i = 0; i < 6; i++) z = stepZoom(z, -1);
    expect(z).toBe(0.7);
  });

  it('stops at the ends', () => {
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(1.95, 1)).toBe(2);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(stepZoom(0.55, -1)).toBe(0.5);
  });

  it('snaps a fitted zoom to the 0.1 grid in the chosen direction', () => {
    expect(stepZoom(0.73, 1)).toBe(0.8);
    expect(stepZoom(0.73, -1)).toBe(0.7);
    expect(stepZoom(0.7000000001, 1)).toBe(0.8);
  });

  it('shows the zoom as a percent', () => {
    expect(zoomPercent(1)).toBe('100%');
    expect(zoomPercent(0.7000001)).toBe('70%');
  });
});
