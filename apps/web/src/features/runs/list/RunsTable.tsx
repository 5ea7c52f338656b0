import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, gridRenderContextSelector, type GridColDef, type GridSortModel, useGridApiRef } from '@mui/x-data-grid';
import type { RunListRow } from '@stepwise/shared';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { StatusChip } from '../common/StatusChip';
import { formatDateTime, formatDuration, isSortField, modeLabel, rowStatus, type RunSortField } from '../logic/run-list';

interface Props {
  rows: RunListRow[];
  loading: boolean;
  fetchingMore: boolean;
  /** Any load of the list in flight (a refresh, or the next page): the next page waits for it. */
  fetching: boolean;
  searching: boolean;
  sort: { field: RunSortField; order: 'asc' | 'desc' };
  onSort: (sort: { field: RunSortField; order: 'asc' | 'desc' } | null) => void;
  /** Called when the last rows come into view. */
  onNearEnd: () => void;
  onOpen: (row: RunListRow, newTab: boolean) => void;
}

/** Rows left below the viewport when the next page is asked for. */
const PREFETCH_ROWS = 10;
const ROW_HEIGHT = 60;

const columns: GridColDef<RunListRow>[] = [
  {
    field: 'name',
    headerName: 'Report',
    flex: 1.5,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0, lineHeight: 1.4 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.4 }} noWrap title={row.name}>
          {row.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.4 }}>
          {modeLabel(row.mode)}
          {row.type === 'scenario' ? ' · Scenario' : ''}
        </Typography>
      </Box>
    ),
  },
  { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip status={rowStatus(row)} /> },
  {
    field: 'totalScenarios',
    headerName: 'Scenarios',
    width: 115,
    renderCell: ({ row }) => (
      <Typography variant="body2" data-testid="run-scenarios">
        {row.totalScenariosPassed}/{row.totalScenarios} passed
      </Typography>
    ),
  },
  { field: 'branch', headerName: 'Branch', flex: 0.6, minWidth: 90, sortable: false, valueGetter: (_v, row) => row.branch ?? '-' },
  { field: 'environment', headerName: 'Environment', flex: 0.7, minWidth: 100, sortable: false, valueGetter: (_v, row) => row.environment ?? '-' },
  { field: 'username', headerName: 'Run by', flex: 0.8, minWidth: 110, sortable: false, valueGetter: (_v, row) => row.username ?? '-' },
  { field: 'publishTime', headerName: 'Published', width: 175, valueFormatter: (v: string) => formatDateTime(v) },
  { field: 'executionTime', headerName: 'Duration', width: 95, valueFormatter: (v: number) => formatDuration(v) },
];

function Overlay({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
      {children}
    </Stack>
  );
}

/** The runs: virtualised rows, server-side sorting, the next page loaded as the end scrolls into view. */
export function RunsTable({ rows, loading, fetchingMore, fetching, searching, sort, onSort, onNearEnd, onOpen }: Props) {
  const apiRef = useGridApiRef();
  const nearEnd = useRef<(lastRowIndex: number) => void>(() => {});
  nearEnd.current = (last) => {
    if (rows.length > 0 && last >= rows.length - PREFETCH_ROWS) onNearEnd();
  };
  useEffect(() => apiRef.current?.subscribeEvent('renderedRowsIntervalChange', (ctx) => nearEnd.current(ctx.lastRowIndex)), [apiRef]);
  // The end may come into view while the list is loading (the next page then waits) and no change of
  // the rendered rows follows: look again each time a load ends.
  useEffect(() => {
    if (!loading && !fetching && apiRef.current) nearEnd.current(gridRenderContextSelector(apiRef).lastRowIndex);
  }, [rows.length, loading, fetching, apiRef]);
  // The same model while the sort is the same: a new one is a change of sort to the grid, which then scrolls back to the top.
  const sortModel: GridSortModel = useMemo(() => [{ field: sort.field, sort: sort.order }], [sort.field, sort.order]);
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    onSort(first && first.sort && isSortField(first.field) ? { field: first.field, order: first.sort } : null);
  };
  return (
    // As tall as the rows (3 at least, for the overlays), at most what the window leaves: it scrolls inside.
    <Box sx={{ height: `min(max(420px, calc(100vh - 360px)), ${Math.max(3, rows.length) * ROW_HEIGHT + 50}px)`, position: 'relative' }}>
      <DataGrid
        apiRef={apiRef}
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={loading}
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        sortingOrder={['desc', 'asc']}
        hideFooter
        disableRowSelectionOnClick
        disableColumnMenu
        rowHeight={ROW_HEIGHT}
        columnHeaderHeight={48}
        aria-label="Reports"
        onRowClick={({ row }, event) => onOpen(row, event.ctrlKey || event.metaKey)}
        getRowClassName={() => 'run-row'}
        slots={{
          noRowsOverlay: () => (
            <Overlay>
              <Typography color="text.secondary">{searching ? 'Finding...' : 'No reports found'}</Typography>
            </Overlay>
          ),
          loadingOverlay: () => (
            <Overlay>
              <CircularProgress size={20} />
              <Typography color="text.secondary">Hang on, Processing...</Typography>
            </Overlay>
          ),
        }}
        sx={{
          bgcolor: 'background.paper',
          '& .run-row': { cursor: 'pointer' },
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
        }}
      />
      {fetchingMore && (
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', bgcolor: 'background.paper', px: 2, py: 0.5, borderRadius: 4, boxShadow: 1 }}>
          <CircularProgress size={16} />
          <Typography variant="body2">Loading more...</Typography>
        </Stack>
      )}
    </Box>
  );
}
