import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { TestDataRow } from '@stepwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { isReloaded, saveWithConflicts, WriteConflictError } from '../workspace/write-conflict';
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
  const key = wsKeys.testData(ws.projectId, ws.branch);
  const query = useQuery({ queryKey: key, queryFn: () => fetchTestData(ws.ref) });
  const [deleting, setDeleting] = useState<number | null>(null);
  const rows = query.data?.rows ?? [];
  const editing = query.data ? editingFromPath(pathname, rows.length) : null;
  // The version the row being edited was read at, kept while the table refreshes under it.
  const [started, setStarted] = useState<{ editing: number | null; version: string | null } | null>(null);
  if (query.data && (!started || started.editing !== editing)) setStarted({ editing, version: query.data.version });
  const base = `/${ws.projectId}/test-data`;
  const go = (to: string) => guard.canWrite() && navigate(to);

  /** Saves the table over `version`; false when the person reloaded theirs instead. Throws the text to show. */
  async function saveTable(next: TestDataRow[], version: string | null): Promise<boolean> {
    try {
      await saveWithConflicts(
        (stale) => saveTestData(ws.ref, next, stale ? stale.version : version),
        async () => {
          navigate(base);
          await queryClient.invalidateQueries({ queryKey: key });
        },
      );
    } catch (err) {
      if (isReloaded(err)) return false;
      throw new Error(err instanceof WriteConflictError ? err.message : failureText('Failed to save test data', err), { cause: err });
    }
    await queryClient.invalidateQueries({ queryKey: key });
    return true;
  }

  async function saveRow(index: number, row: TestDataRow) {
    const next = index === rows.length ? [...rows, row] : rows.map((r, i) => (i === index ? row : r));
    try {
      if (!(await saveTable(next, started?.version ?? null))) return;
    } catch (err) {
      toast.error((err as Error).message);
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
          if (await saveTable(rows.filter((_, i) => i !== deleting), query.data?.version ?? null)) toast.success('Test data deleted');
          return true;
        }}
      />
    </>
  );
}
