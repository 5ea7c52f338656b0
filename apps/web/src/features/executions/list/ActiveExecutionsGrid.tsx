import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef } from 'react';
import { EXECUTION_MESSAGES, type ExecutionDto } from '@stepwise/shared';
import type { LiveInstance } from '../live/live-store';
import { isFinished, liveStatusLabel } from '../logic/status';
import { ActiveActions } from './ActiveActions';
import { ExecutionInfo } from './ExecutionInfo';
import { ProgressCell } from './ProgressCell';

interface Row {
  live: LiveInstance;
  execution: ExecutionDto;
}

interface Props {
  instances: LiveInstance[];
  executions: ExecutionDto[];
  onOpen: (e: ExecutionDto) => void;
  onStop: (live: LiveInstance) => void;
  onConsole: (live: LiveInstance) => void;
}

const startedAt = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
};

function LiveStatusChip({ live }: { live: LiveInstance }) {
  if (live.stopping) return <Chip size="small" color="warning" label={EXECUTION_MESSAGES.stopping} />;
  const color = live.status === 'passed' ? 'success' : live.status === 'failed' || live.status === 'error' ? 'error' : isFinished(live.status) ? 'default' : 'info';
  return <Chip size="small" color={color} label={liveStatusLabel(live)} data-testid="live-status" sx={{ maxWidth: '100%' }} />;
}

function NoRows() {
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">No executions running</Typography>
    </Box>
  );
}

/** The Active view: running instances (and the ones finished since the page opened) with live progress. */
export function ActiveExecutionsGrid({ instances, executions, onOpen, onStop, onConsole }: Props) {
  const byId = new Map(executions.map((e) => [e._id, e]));
  const rows: Row[] = instances.flatMap((live) => {
    const execution = byId.get(live.executionId);
    return execution ? [{ live, execution }] : [];
  });
  // The same columns from render to render (a new set would undo a column the user resized at every
  // live update); the handlers are read when a cell is drawn.
  const handlers = useRef({ onStop, onConsole });
  handlers.current = { onStop, onConsole };
  const columns = useMemo<GridColDef<Row>[]>(() => [
    { field: 'info', headerName: 'Execution info', flex: 1.2, minWidth: 200, sortable: false, renderCell: ({ row }) => <ExecutionInfo execution={row.execution} /> },
    { field: 'startedAt', headerName: 'Started at', width: 200, valueGetter: (_v, row) => row.live.startTime, renderCell: ({ row }) => startedAt(row.live.startTime) },
    { field: 'progress', headerName: 'Scenarios execution progress', flex: 1.4, minWidth: 260, sortable: false, renderCell: ({ row }) => <ProgressCell live={row.live} /> },
    { field: 'status', headerName: 'Live Status', flex: 0.8, minWidth: 160, sortable: false, renderCell: ({ row }) => <LiveStatusChip live={row.live} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 140,
      sortable: false,
      renderCell: ({ row }) => <ActiveActions live={row.live} name={row.execution.name} onStop={(l) => handlers.current.onStop(l)} onConsole={(l) => handlers.current.onConsole(l)} />,
    },
  ], []);
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={(r) => r.live.executionInstanceId}
        autoHeight
        hideFooter
        disableColumnMenu
        disableRowSelectionOnClick
        columnHeaderHeight={48}
        getRowHeight={() => 'auto'}
        onRowClick={({ row }) => onOpen(row.execution)}
        aria-label="Active executions"
        slots={{ noRowsOverlay: NoRows }}
        sx={{
          border: 0,
          '--DataGrid-overlayHeight': '160px',
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .MuiDataGrid-cell': { py: 1.25, display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
        }}
      />
    </Box>
  );
}
