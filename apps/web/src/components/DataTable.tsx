import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';

export interface DataTableProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => string;
  /** Plural noun for the empty state: "No {page} found". */
  page: string;
  loading?: boolean;
  /** True while a search is running: the empty state reads "Finding...". */
  searching?: boolean;
  ariaLabel?: string;
}

function Overlay({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 4 }}>
      {children}
    </Box>
  );
}

/** DataGrid with the product defaults: header 48 px, auto row height, no footer, our overlays. */
export function DataTable<R extends GridValidRowModel>({ rows, columns, getRowId, page, loading, searching, ariaLabel }: DataTableProps<R>) {
  const empty = () => (
    <Overlay>
      <Typography color="text.secondary">{searching ? 'Finding...' : `No ${page} found`}</Typography>
    </Overlay>
  );
  const loadingOverlay = () => (
    <Overlay>
      <CircularProgress size={20} />
      <Typography color="text.secondary">Hang on, Processing...</Typography>
    </Overlay>
  );
  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={getRowId}
      loading={loading}
      autoHeight
      columnHeaderHeight={48}
      getRowHeight={() => 'auto'}
      hideFooter
      disableRowSelectionOnClick
      disableColumnMenu
      aria-label={ariaLabel ?? page}
      slots={{ noRowsOverlay: empty, noResultsOverlay: empty, loadingOverlay }}
      sx={{
        border: 0,
        '--DataGrid-overlayHeight': '160px',
        '& .MuiDataGrid-cell': { py: 1.25, display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
      }}
    />
  );
}
