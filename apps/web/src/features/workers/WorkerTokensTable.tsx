import BlockIcon from '@mui/icons-material/Block';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { WorkerTokenDto } from '@stepwise/shared';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../access-tokens/format-date';

interface Props {
  tokens: WorkerTokenDto[];
  loading: boolean;
  onRevoke: (token: WorkerTokenDto) => void;
}

/** Worker tokens: name, masked token, created, last seen, jobs run; revoked ones stay listed. */
export function WorkerTokensTable({ tokens, loading, onRevoke }: Props) {
  const columns: GridColDef<WorkerTokenDto>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'token',
      headerName: 'Token',
      flex: 1,
      minWidth: 180,
      renderCell: ({ value }) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {String(value)}
        </Typography>
      ),
    },
    { field: 'createdAt', headerName: 'Created', width: 180, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'lastSeenAt', headerName: 'Last seen', width: 180, valueFormatter: (value: string | null) => formatDateTime(value) },
    { field: 'jobsRun', headerName: 'Jobs run', width: 100, type: 'number' },
    {
      field: 'actions',
      headerName: '',
      width: 110,
      sortable: false,
      align: 'right',
      renderCell: ({ row }) =>
        row.revokedAt ? (
          <Chip size="small" label="Revoked" title={`Revoked ${formatDateTime(row.revokedAt)}`} />
        ) : (
          <IconButton aria-label={`Revoke worker token ${row.name}`} title="Revoke token" onClick={() => onRevoke(row)}>
            <BlockIcon />
          </IconButton>
        ),
    },
  ];
  return <DataTable rows={tokens} columns={columns} getRowId={(t) => t.id} page="worker tokens" loading={loading} ariaLabel="Worker tokens" />;
}
