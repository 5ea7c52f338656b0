import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FAILURE_GROUPS_PAGE_SIZE } from '@stepwise/shared';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { useWorkspace } from '../../workspace/use-workspace';
import { LoadError } from '../common/LoadError';
import { useFailureGroups } from '../history/use-history';
import { ReportsHeader } from '../list/ReportsHeader';
import { PERIODS, readDurationIndex, saveDurationIndex } from '../logic/run-list';
import { FailureGroupsTable } from './FailureGroupsTable';

/** /:projectId/runs/failure-groups: the failures of the period grouped by signature, a page at a time. */
export function FailureGroupsPage() {
  const { projectId } = useWorkspace();
  const [durationIndex, setDurationIndex] = useState(readDurationIndex);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(FAILURE_GROUPS_PAGE_SIZE);
  const period = PERIODS[durationIndex];
  const groups = useFailureGroups(projectId, period.days, page, pageSize);
  const data = groups.data;

  const changeDuration = (index: number) => {
    setDurationIndex(index);
    saveDurationIndex(index);
    setPage(0);
  };

  return (
    <>
      <ReportsHeader projectId={projectId} tab="failure-groups" />
      <Stack direction="row" role="toolbar" aria-label="Failure group filters" sx={{ alignItems: 'center', gap: 2, mb: 2 }}>
        <SelectDropdown
          label="Period"
          value={String(durationIndex)}
          options={PERIODS.map((p) => ({ value: String(p.index), label: p.label }))}
          onChange={(v) => changeDuration(Number(v))}
          minWidth={170}
        />
        {data && data.total > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="failure-groups-total">
            {data.total} {data.total === 1 ? 'group' : 'groups'} of failures
          </Typography>
        )}
      </Stack>
      {groups.isError && !data ? (
        <LoadError error={groups.error} />
      ) : !data ? (
        <Stack direction="row" spacing={1.5} sx={{ py: 6, justifyContent: 'center', alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography color="text.secondary">Loading failure groups...</Typography>
        </Stack>
      ) : data.total === 0 ? (
        <EmptyState
          icon={<ReportProblemOutlinedIcon />}
          title="No failures"
          text={`No scenario failed in the ${period.label === 'all' ? 'last year' : period.label}. When one does, its failure shows up here, grouped with the failures of the same cause.`}
        />
      ) : (
        <Paper variant="outlined" sx={{ opacity: groups.isPlaceholderData ? 0.6 : 1 }}>
          <FailureGroupsTable
            projectId={projectId}
            groups={data.groups}
            total={data.total}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        </Paper>
      )}
    </>
  );
}
