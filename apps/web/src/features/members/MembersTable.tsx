import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { MSG, normaliseEmail, type MemberDto } from '@stepwise/shared';
import { DataTable } from '../../components/DataTable';
import { Tag } from '../../components/Tag';

interface Props {
  members: MemberDto[];
  loading: boolean;
  isAdmin: boolean;
  selfId: string;
  selfEmail: string;
  onRemove: (member: MemberDto) => void;
}

export function MembersTable({ members, loading, isAdmin, selfId, selfEmail, onRemove }: Props) {
  const isSelf = (m: MemberDto) => m.user_id === selfId || normaliseEmail(m.user_email) === normaliseEmail(selfEmail);

  const columns: GridColDef<MemberDto>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.name || '-'}
            {isSelf(row) ? ' (you)' : ''}
          </Typography>
          {row.isAdmin && <Tag label="Admin" color="primary" />}
        </Stack>
      ),
    },
    { field: 'user_email', headerName: 'Email', flex: 1.4, minWidth: 220 },
    {
      field: 'status',
      headerName: 'Status',
      width: 140,
      renderCell: ({ row }) => <Tag label={row.status === 'member' ? 'Member' : 'Invited'} color={row.status === 'member' ? 'success' : 'warning'} />,
    },
    {
      field: 'actions',
      headerName: '',
      width: 80,
      sortable: false,
      align: 'right',
      renderCell: ({ row }) => {
        const title = isSelf(row) ? MSG.removeSelf : !isAdmin ? MSG.removeNoPermission : `Remove ${row.name || row.user_email}`;
        return (
          <IconButton
            aria-label={`Remove ${row.name || row.user_email}`}
            title={title}
            disabled={isSelf(row) || !isAdmin}
            onClick={() => onRemove(row)}
            sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
          >
            <DeleteOutlineIcon />
          </IconButton>
        );
      },
    },
  ];

  return <DataTable rows={members} columns={columns} getRowId={(m) => `${m.status}:${m.user_email}`} page="members" loading={loading} ariaLabel="Team members" />;
}
