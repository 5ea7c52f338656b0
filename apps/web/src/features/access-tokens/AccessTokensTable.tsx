import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { AccessKeyDto } from '@stepwise/shared';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from './format-date';

interface Props {
  keys: AccessKeyDto[];
  loading: boolean;
  onDelete: (key: AccessKeyDto) => void;
}

export function AccessTokensTable({ keys, loading, onDelete }: Props) {
  const columns: GridColDef<AccessKeyDto>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
    {
      field: 'token',
      headerName: 'Token',
      flex: 1.2,
      minWidth: 200,
      renderCell: ({ value }) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {String(value)}
        </Typography>
      ),
    },
    { field: 'createdAt', headerName: 'Created', width: 190, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'lastUsedAt', headerName: 'Last used', width: 190, valueFormatter: (value: string | null) => formatDateTime(value) },
    {
      field: 'actions',
      headerName: '',
      width: 80,
      sortable: false,
      align: 'right',
      renderCell: ({ row }) => (
        <IconButton aria-label={`Delete token ${row.name}`} title="Delete token" onClick={() => onDelete(row)}>
          <DeleteOutlineIcon />
        </IconButton>
      ),
    },
  ];
  return <DataTable rows={keys} columns={columns} getRowId={(k) => k.id} page="access tokens" loading={loading} ariaLabel="Access tokens" />;
}
