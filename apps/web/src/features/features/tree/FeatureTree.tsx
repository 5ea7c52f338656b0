import Box from '@mui/material/Box';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import type { TreeItem } from '../tree-model';
import { TreeRow, type TreeRowProps } from './TreeRow';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;

export interface FeatureTreeProps extends Pick<TreeRowProps, 'onActivate' | 'onToggle' | 'onMenu'> {
  items: TreeItem[];
  expanded: ReadonlySet<string>;
  selectedId: string | null;
  renderInput: (item: Extract<TreeItem, { kind: 'input' }>) => ReactNode;
  filtering: boolean;
}

/** The navigator tree, virtualised: only the rows in view are in the page. */
export function FeatureTree({ items, expanded, selectedId, renderInput, filtering, ...handlers }: FeatureTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 32,
    overscan: 12,
    getItemKey: (i) => items[i].id,
  });

  const selectedIndex = items.findIndex((i) => i.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <Box ref={scroller} role="tree" aria-label="Features" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 0.5, pb: 1 }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          return (
            // A plain style, not sx: each position as an sx value would be a new CSS rule (bench:web).
            <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}>
              {item.kind === 'input' ? (
                renderInput(item)
              ) : (
                <TreeRow
                  item={item as RowItem}
                  expanded={filtering || expanded.has(item.id)}
                  selected={item.id === selectedId}
                  focusable={selectedIndex < 0 && v.index === 0}
                  {...handlers}
                />
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
