import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { TestDataRow } from '@stepwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText, isUnauthorized } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toast/toast-context';
import { useEnvironments } from '../environments/use-environments';
import { StoredUsersSection } from '../stored-users/StoredUsersSection';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { useWriteGuard } from '../workspace/write-guard';
import { fetchTestData, saveTestData } from './test-data.api';
import { TestDataTable } from './TestDataTable';

/** Row in edit mode from the route: test-data/add is a new row, test-data/edit/:index an existing one. */
function editingFromPath(pathname: string, count: number): number | null {
  const m = /\/test-data\/(add|edit\/(\d+))\/?$/.exec(pathname);
  if (!m) return null;
  if (m[1] === 'add') return count;
  const i = Number(m[2]);
  return i < count ? i : null;
}

/** /:projectId/test-data: the branch's test data table and the project's stored users. */
export function TestDataPage() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const envs = useEnvironments().data?.allEnv ?? [];
  const query = useQuery({ queryKey: wsKeys.testData(ws.projectId, ws.branch), queryFn: () => fetchTestData(ws.ref) });
  const save = useMutation({
    mutationFn: (rows: TestDataRow[]) => saveTestData(ws.ref, rows),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wsKeys.testData(ws.projectId, ws.branch) }),
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  const rows = query.data ?? [];
  const editing = query.data ? editingFromPath(pathname, rows.length) : null;
  const base = `/${ws.projectId}/test-data`;
  const go = (to: string) => guard.canWrite() && navigate(to);

  async function saveRow(index: number, row: TestDataRow) {
    const next = index === rows.length ? [...rows, row] : rows.map((r, i) => (i === index ? row : r));
    try {
      await save.mutateAsync(next);
    } catch (err) {
      toast.error(failureText('Failed to save test data', err));
      return;
    }
    toast.success('Test data saved');
    navigate(base);
  }

  return (
    <>
      <PageHeader
        title="Test Data"
        subtitle={`Values your scenarios read on ${ws.branch}, per environment. Secret and TOTP values are encrypted at rest.`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} disabled={editing !== null || !query.data} onClick={() => go(`${base}/add`)}>
            Add test data
          </Button>
        }
      />
      {query.isError && !isUnauthorized(query.error) && <Alert severity="error" sx={{ mb: 2 }}>{errorText(query.error)}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <TestDataTable
          rows={rows}
          editing={editing}
          environments={envs.map((e) => e.name)}
          onEdit={(i) => go(`${base}/edit/${i}`)}
          onDelete={(i) => guard.canWrite() && setDeleting(i)}
          onSave={saveRow}
          onCancel={() => navigate(base)}
        />
      </Paper>
      <StoredUsersSection />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete test data"
        message={`Delete the key ${deleting !== null ? rows[deleting]?.key : ''}?`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await save.mutateAsync(rows.filter((_, i) => i !== deleting));
          } catch (err) {
            throw new Error(failureText('Failed to save test data', err), { cause: err });
          }
          toast.success('Test data deleted');
          return true;
        }}
      />
    </>
  );
}
