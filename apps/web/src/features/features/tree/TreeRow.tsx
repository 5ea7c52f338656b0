import { stripFeatureExt } from '@stepwise/shared';
import { type KeyboardEvent, memo, type MouseEvent } from 'react';
import './FeatureTree.css';
import type { TreeItem } from '../tree-model';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;

export interface TreeRowProps {
  item: RowItem;
  /** The row's index in the tree and its offset from the top (px): the row is positioned in the virtual list. */
  index: number;
  offset: number;
  expanded: boolean;
  selected: boolean;
  /** Reachable with Tab when nothing is selected. */
  focusable?: boolean;
  onActivate: (item: RowItem) => void;
  onToggle: (item: RowItem) => void;
  onMenu: (item: RowItem, anchor: HTMLElement) => void;
}

export function rowLabel(item: RowItem): string {
  if (item.kind === 'scenario') return item.scenario.name || 'Untitled scenario';
  return item.kind === 'feature' ? stripFeatureExt(item.node.name) : item.node.name;
}

/**
 * One row of the navigator tree (folder, feature or scenario). Memoised: while the tree scrolls, the
 * rows already in view are not drawn again, only the ones scrolled in. Plain elements with the classes
 * of FeatureTree.css, icons as CSS backgrounds: a row is five or six elements and no MUI component
 * (bench:web).
 */
export const TreeRow = memo(function TreeRow({ item, index, offset, expanded, selected, focusable, onActivate, onToggle, onMenu }: TreeRowProps) {
  const label = rowLabel(item);
  const expandable = item.kind !== 'scenario' && item.hasChildren;
  const parseError = item.kind === 'feature' && item.node.parseError;

  function keyDown(e: KeyboardEvent<HTMLDivElement>) {
    const row = e.currentTarget;
    if (e.key === 'Enter' || e.key === ' ') onActivate(item);
    else if (e.key === 'ArrowRight' && expandable && !expanded) onToggle(item);
    else if (e.key === 'ArrowLeft' && expandable && expanded) onToggle(item);
    else if (e.key === 'ArrowDown') (row.parentElement?.nextElementSibling?.firstElementChild as HTMLElement | null)?.focus();
    else if (e.key === 'ArrowUp') (row.parentElement?.previousElementSibling?.firstElementChild as HTMLElement | null)?.focus();
    else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) onMenu(item, row);
    else return;
    e.preventDefault();
  }

  return (
    // Positioned by a plain style, not sx: each position as an sx value would be a new CSS rule. The
    // slot is a node of its own: a row positioned itself cost three times the style work (bench:web).
    <div data-index={index} className="feature-tree__slot" style={{ transform: `translateY(${offset}px)` }}>
      <div
        role="treeitem"
        aria-level={item.depth + 1}
        aria-expanded={expandable ? expanded : undefined}
        aria-selected={selected}
        aria-label={label}
        tabIndex={selected || focusable ? 0 : -1}
        data-kind={item.kind}
        className={selected ? 'tree-row tree-row--selected' : 'tree-row'}
        // A row that cannot expand has no toggle: its room is padding (one node fewer for every scenario).
        style={{ paddingLeft: 8 + item.depth * 16 + (expandable ? 0 : 24) }}
        onClick={() => onActivate(item)}
        onKeyDown={keyDown}
        onContextMenu={(e: MouseEvent<HTMLDivElement>) => {
          e.preventDefault();
          onMenu(item, e.currentTarget);
        }}
      >
        {expandable && (
          <span
            className={`tree-row__toggle tree-row__toggle--${expanded ? 'open' : 'closed'}`}
            onClick={(e) => {
              e.stopPropagation();
              onToggle(item);
            }}
          />
        )}
        <span className={`tree-row__icon tree-row__icon--${item.kind}`} />
        <span className={item.kind === 'scenario' ? 'tree-row__label' : 'tree-row__label tree-row__label--strong'} title={label}>
          {label}
        </span>
        {parseError && <span className="tree-row__icon tree-row__icon--error" role="img" aria-label="This feature does not parse" title="This feature does not parse" />}
        <button
          type="button"
          className="tree-row__actions"
          aria-label={`Actions for ${label}`}
          onClick={(e) => {
            e.stopPropagation();
            onMenu(item, e.currentTarget);
          }}
        />
      </div>
    </div>
  );
});
