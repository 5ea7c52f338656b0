import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { ALL_ENVIRONMENTS, TEST_DATA_TYPES, testDataRowError, WS_MSG, type TestDataRow } from '@stepwise/shared';
import { useState } from 'react';

export interface TestDataRowEditorProps {
  initial: TestDataRow;
  others: TestDataRow[];
  environments: string[];
  onSave: (row: TestDataRow) => Promise<void>;
  onCancel: () => void;
}

export const envLabel = (env: string) => (env === ALL_ENVIRONMENTS ? 'All environments' : env);

/** A test data row in edit mode; the row's problem shows under it and blocks saving. */
export function TestDataRowEditor({ initial, others, environments, onSave, onCancel }: TestDataRowEditorProps) {
  const [row, setRow] = useState<TestDataRow>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = testDataRowError(row, others);
  const shown = error && (tried || error !== WS_MSG.fillAllFields) ? error : null;
  const set = (patch: Partial<TestDataRow>) => setRow((r) => ({ ...r, ...patch }));
  const envChoices = [ALL_ENVIRONMENTS, ...environments.filter((e) => e !== ALL_ENVIRONMENTS)];
  if (row.environment && !envChoices.includes(row.environment)) envChoices.push(row.environment);

  async function save() {
    setTried(true);
    if (error) return;
    setBusy(true);
    try {
      await onSave({ ...row, key: row.key.trim() });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <TableRow aria-label="Test data row being edited" sx={{ '& td': { borderBottom: shown ? 0 : undefined, verticalAlign: 'top' } }}>
        <TableCell>
          <TextField size="small" label="Key" value={row.key} onChange={(e) => set({ key: e.target.value })} autoFocus error={!!shown && error !== WS_MSG.fillAllFields} />
        </TableCell>
        <TableCell>
          <TextField
            size="small"
            label="Value"
            type={row.DataType === 'string' ? 'text' : 'password'}
            autoComplete="off"
            value={row.value}
            onChange={(e) => set({ value: e.target.value })}
          />
        </TableCell>
        <TableCell>
          <TextField select size="small" label="DataType" value={row.DataType} onChange={(e) => set({ DataType: e.target.value as TestDataRow['DataType'] })} sx={{ minWidth: 120 }}>
            {TEST_DATA_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        </TableCell>
        <TableCell>
          <TextField select size="small" label="Environment" value={row.environment} onChange={(e) => set({ environment: e.target.value })} sx={{ minWidth: 170 }}>
            {envChoices.map((e) => (
              <MenuItem key={e} value={e}>
                {envLabel(e)}
              </MenuItem>
            ))}
          </TextField>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {busy ? (
            <CircularProgress size={20} />
          ) : (
            <>
              <Tooltip title="Save row">
                <span>
                  <IconButton aria-label="Save row" color="primary" onClick={save} disabled={!!error && tried}>
                    <CheckIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Cancel">
                <IconButton aria-label="Cancel editing" onClick={onCancel}>
                  <CloseIcon />
                </IconButton>
              </Tooltip>
            </>
          )}
        </TableCell>
      </TableRow>
      {shown && (
        <TableRow>
          <TableCell colSpan={5} role="alert" sx={{ color: 'error.main', pt: 0 }}>
            {shown}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
