import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import type { OversightItem } from '@stepwise/shared';
import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FixGroupSection } from './FixGroupSection';
import { FIXES_PER_PAGE, groupFixes, keepListed, pageCount, pageOf, selectionState, toggleAll, toggleOne } from './review-model';
import { ReviewToolbar } from './ReviewToolbar';
import { useReviewActions } from './use-review-actions';

/** The spec's list area height; the list scrolls inside it. */
const LIST_MAX_HEIGHT = 482;

/** The fixes grouped by scenario with the selection, discard, accept and view report; paged past FIXES_PER_PAGE. */
export function ReviewList({ items }: { items: OversightItem[] }) {
  const actions = useReviewActions();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => groupFixes(items), [items]);
  const ids = useMemo(() => items.map((f) => f._id), [items]);
  // Fixes accepted or discarded (here or by someone else) leave the selection with the refetch.
  const selected = useMemo(() => keepListed(picked, items), [picked, items]);
  const pages = pageCount(items.length);
  const current = Math.min(page, pages);
  const shown = useMemo(() => pageOf(groups, current), [groups, current]);
  const state = selectionState(selected, ids);

  const guarded = (run: () => void) => () => actions.canWrite() && run();
  const turnPage = (n: number) => {
    setPage(n);
    scroller.current?.scrollTo({ top: 0 });
  };
  const setGroupCollapsed = (key: string, value: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (value) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Paper variant="outlined">
      <ReviewToolbar
        state={state}
        selectedCount={selected.size}
        total={items.length}
        onToggleAll={() => setPicked(toggleAll(selected, ids))}
        onDiscard={guarded(() => setConfirming(true))}
      />
      <Box ref={scroller} role="region" aria-label="Code fixes" tabIndex={0} sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
        {shown.map((g) => (
          <FixGroupSection
            key={g.key}
            group={g}
            selected={selected}
            accepting={actions.accepting}
            collapsed={collapsed.has(g.key)}
            onCollapsed={(value) => setGroupCollapsed(g.key, value)}
            onToggleGroup={() => setPicked(toggleAll(selected, g.fixes.map((f) => f._id)))}
            onToggleFix={(id) => setPicked(toggleOne(selected, id))}
            onAccept={(f) => void actions.accept(f)}
            onViewReport={actions.viewReport}
          />
        ))}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Pagination count={pages} page={current} onChange={(_e, n) => turnPage(n)} size="small" aria-label={`Code fix pages (${FIXES_PER_PAGE} per page)`} />
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Discard code fixes"
        message={`Discard ${selected.size === 1 ? 'this code fix' : `these ${selected.size} code fixes`}? The step files stay as they are; a discarded fix is archived and no longer offered.`}
        confirmText="Discard"
        retryText="Retry"
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await actions.discard([...selected]);
          setPicked(new Set());
          return true;
        }}
      />
    </Paper>
  );
}
