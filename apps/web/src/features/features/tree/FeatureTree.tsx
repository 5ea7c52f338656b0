import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import type { TreeItem } from '../tree-model';
import { TreeRow, type TreeRowProps } from './TreeRow';
import './FeatureTree.css';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;

export interface FeatureTreeProps extends Pick<TreeRowProps, 'onActivate' | 'onToggle' | 'onMenu'> {
  items: TreeItem[];
  expanded: ReadonlySet<string>;
  selectedId: string | null;
  renderInput: (item: Extract<TreeItem, { kind: 'input' }>) => ReactNode;
  filtering: boolean;
}

const ROW_PX = 32;
const estimateSize = () => ROW_PX;

/**
 * The navigator tree, virtualised: only the rows in view (and OVERSCAN rows each side) are in the page.
 * What a scroll frame costs is measured by bench:web (docs/PERFORMANCE.md).
 */
export function FeatureTree({ items, expanded, selectedId, renderInput, filtering, ...handlers }: FeatureTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // A stable key function: a new one each render would make the virtualizer lay out all 10,000 rows
  // again on every scroll event.
  const getItemKey = useCallback((i: number) => items[i].id, [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: 8,
    getItemKey,
  });

  // Once per list or selection, not on every scroll render (a search through all rows).
  const selectedIndex = useMemo(() => items.findIndex((i) => i.id === selectedId), [items, selectedId]);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <div ref={scroller} role="tree" aria-label="Features" className="feature-tree">
      <div className="feature-tree__rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          return item.kind === 'input' ? (
            // The inline folder name is taller with its error: the one row measured. A plain style, not
            // sx: each position as an sx value would be a new CSS rule (bench:web).
            <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="feature-tree__slot" style={{ transform: `translateY(${v.start}px)` }}>
              {renderInput(item)}
            </div>
          ) : (
            <TreeRow
              key={v.key}
              item={item as RowItem}
              index={v.index}
              offset={v.start}
              expanded={filtering || expanded.has(item.id)}
              selected={item.id === selectedId}
              focusable={selectedIndex < 0 && v.index === 0}
              {...handlers}
            />
          );
        })}
      </div>
    </div>
  );
}
