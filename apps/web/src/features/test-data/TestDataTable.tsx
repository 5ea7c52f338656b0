import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TestDataRow } from '@stepwise/shared';
import type { LoadedRow } from './test-data.api';
import { envLabel, TestDataRowEditor } from './TestDataRowEditor';
import { SecretValue } from './SecretValue';

export interface TestDataTableProps {
  rows: LoadedRow[];
  /** Index of the row in edit mode; rows.length for a new row. */
  editing: number | null;
  environments: string[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  onSave: (index: number, row: TestDataRow) => Promise<void>;
  onCancel: () => void;
}

const NEW_ROW: TestDataRow = { key: '', value: '', DataType: 'string', environment: '*' };

export function TestDataTable({ rows, editing, environments, onEdit, onDelete, onSave, onCancel }: TestDataTableProps) {
  const editor = (index: number, initial: TestDataRow) => (
    <TestDataRowEditor
      key={`edit-${index}`}
      initial={initial}
      others={rows.filter((_, i) => i !== index)}
      environments={environments}
      onSave={(row) => onSave(index, row)}
      onCancel={onCancel}
    />
  );
  return (
    <Table aria-label="Test data" size="small">
      <TableHead>
        <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'grey.50' } }}>
          <TableCell>Key</TableCell>
          <TableCell>Value</TableCell>
          <TableCell>DataType</TableCell>
          <TableCell>Environment</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) =>
          i === editing ? (
            editor(i, row)
          ) : (
            <TableRow key={`${row.key}-${row.environment}-${i}`} hover>
              <TableCell sx={{ fontFamily: 'monospace' }}>{row.key}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                {row.error ? (
                  <Typography color="error" variant="body2">{row.error}</Typography>
                ) : row.DataType === 'string' ? (
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{row.value}</Typography>
                ) : (
                  <SecretValue value={row.value} label={`value of ${row.key}`} />
                )}
              </TableCell>
              <TableCell>{row.DataType}</TableCell>
              <TableCell>{envLabel(row.environment)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={`Edit ${row.key}`} title="Edit" onClick={() => onEdit(i)} disabled={editing !== null}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Delete ${row.key}`} title="Delete" onClick={() => onDelete(i)} disabled={editing !== null}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ),
        )}
        {editing === rows.length && editor(rows.length, NEW_ROW)}
        {rows.length === 0 && editing === null && (
          <TableRow>
            <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              No test data yet
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
