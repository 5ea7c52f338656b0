import Alert from '@mui/material/Alert';
import { errorText } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { useWorkspace } from '../workspace/use-workspace';
import { ReviewList } from './ReviewList';
import { ReviewEmpty, ReviewError, ReviewSkeleton } from './ReviewStates';
import { useOversightList } from './use-oversight';

/** /:projectId/ai-oversight: the code fixes AI recovery made during runs, to accept or discard. */
export function CodeReviewPage() {
  const ws = useWorkspace();
  const query = useOversightList(ws.projectId);
  const items = query.data?.result ?? [];
  const total = query.data?.total ?? 0;

  let body;
  if (query.isPending) body = <ReviewSkeleton />;
  else if (query.isError && !query.data) body = <ReviewError message={errorText(query.error, 'Failed to fetch code fixes')} onRetry={() => void query.refetch()} />;
  else if (items.length === 0) body = <ReviewEmpty />;
  else body = <ReviewList items={items} />;

  return (
    <>
      <PageHeader
        title="Code Review"
        subtitle="Review the step-code fixes AI recovery made during runs: accepting one commits it to the step file on its branch."
      />
      {total > items.length && items.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the newest {items.length} of {total} code fixes; review these to see the rest.
        </Alert>
      )}
      {body}
    </>
  );
}
