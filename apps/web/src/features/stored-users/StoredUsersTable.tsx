import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PinOutlinedIcon from '@mui/icons-material/PinOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { STORED_USER_PAGE_SIZES } from '@stepwise/shared';
import type { StoredUser } from './stored-users.api';

export interface StoredUsersTableProps {
  users: StoredUser[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onTotp: (user: StoredUser) => void;
  onEdit: (user: StoredUser) => void;
  onDelete: (user: StoredUser) => void;
}

export function StoredUsersTable(props: StoredUsersTableProps) {
  const { users, total, page, limit, loading, onPage, onLimit, onTotp, onEdit, onDelete } = props;
  return (
    <>
      <Table size="small" aria-label="Stored users">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'grey.50' } }}>
            <TableCell>Username</TableCell>
            <TableCell>Secret key</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.username} hover>
              <TableCell>{u.username}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={u.secretKeyConfigured ? 'success' : 'default'} label={u.secretKeyConfigured ? 'Configured' : 'Not configured'} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={`View TOTP of ${u.username}`} title="View TOTP" disabled={!u.secretKeyConfigured} onClick={() => onTotp(u)}>
                  <PinOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Edit ${u.username}`} title="Edit" onClick={() => onEdit(u)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Delete ${u.username}`} title="Delete" onClick={() => onDelete(u)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {loading ? 'Hang on, Processing...' : 'No stored users yet'}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[...STORED_USER_PAGE_SIZES]}
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onLimit(Number(e.target.value))}
      />
    </>
  );
}
