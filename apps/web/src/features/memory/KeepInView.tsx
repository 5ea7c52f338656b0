import { useReactFlow, useStore } from '@xyflow/react';
import { useEffect, useRef, type RefObject } from 'react';

export const FIT_OPTIONS = { maxZoom: 1, padding: 0.15 } as const;

interface Props {
  selectedId: string | null;
  /** True while the view is the one Fit made (at first, or after the Fit button); false once the user zooms or pans. */
  fitted: RefObject<boolean>;
}

/**
 * When the map's pane changes size (a page's panel opens or closes beside it, the window is resized), a
 * map the user has not moved is fitted again; a map the user has moved keeps its zoom. Either way the
 * selected page is then brought into view when the pane hides it.
 */
export function KeepInView({ selectedId, fitted }: Props) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const last = useRef({ width, height });
  useEffect(() => {
    const before = last.current;
    last.current = { width, height };
    if (!width || !height || (before.width === width && before.height === height)) return;
    // A map too large to fit at the least zoom is centred by the fit: the selected page may then be out of view.
    void (fitted.current ? flow.fitView(FIT_OPTIONS) : Promise.resolve(true)).then(() => showSelected());
    function showSelected() {
      const node = selectedId ? flow.getInternalNode(selectedId) : undefined;
      if (!node) return;
      const { x, y, zoom } = flow.getViewport();
      const w = node.measured.width ?? 0;
      const h = node.measured.height ?? 0;
      const at = node.internals.positionAbsolute;
      const left = at.x * zoom + x;
      const top = at.y * zoom + y;
      if (left >= 0 && top >= 0 && left + w * zoom <= width && top + h * zoom <= height) return;
      void flow.setCenter(at.x + w / 2, at.y + h / 2, { zoom });
    }
  }, [width, height, selectedId, flow, fitted]);
  return null;
}
