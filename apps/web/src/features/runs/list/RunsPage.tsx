import Typography from '@mui/material/Typography';
import type { RunListRow } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchBranches } from '../../workspace/branches.api';
import { useWorkspace } from '../../workspace/use-workspace';
import { wsKeys } from '../../workspace/workspace-keys';
import { LoadError } from '../common/LoadError';
import { DEFAULT_SORT, PERIODS, readDurationIndex, saveDurationIndex, uniqueById, type RunSortField, type TypeFilter } from '../logic/run-list';
import type { RunListQuery } from '../runs.api';
import { useDebouncedValue } from '../use-debounced-value';
import { useRunList } from '../use-runs';
import { useUploadRefresh } from '../use-upload-refresh';
import { ReportsHeader } from './ReportsHeader';
import { RunsCounters } from './RunsCounters';
import { RunsTable } from './RunsTable';
import { RunsToolbar } from './RunsToolbar';

/** /:projectId/runs, labelled Reports: counters, filters and every run of the project. */
export function RunsPage() {
  const ws = useWorkspace();
  const projectId = ws.projectId;
  const navigate = useNavigate();
  const [durationIndex, setDurationIndex] = useState(readDurationIndex);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('');
  const [branch, setBranch] = useState('');
  const [sort, setSort] = useState<{ field: RunSortField; order: 'asc' | 'desc' }>(DEFAULT_SORT);
  const debouncedSearch = useDebouncedValue(search);
  const days = PERIODS[durationIndex].days;
  useUploadRefresh(projectId);

  const query: RunListQuery = useMemo(
    () => ({ days, sortField: sort.field, sortOrder: sort.order, search: debouncedSearch.trim(), filterType: type, filterBranch: branch }),
    [days, sort, debouncedSearch, type, branch],
  );
  const list = useRunList(projectId, query);
  const branches = useQuery({ queryKey: wsKeys.branches(projectId), queryFn: () => fetchBranches(ws.ref) }).data ?? [];
  // Pages are read by offset: a run that came in between two pages' loads shows a row of the first on
  // the second too, until the refresh it causes. Each row once.
  const rows = useMemo(() => uniqueById(list.data?.pages.flatMap((p) => p.reports) ?? []), [list.data]);

  // Not while a refresh (a new run came in) is in flight: the next page would cancel it and join stale
  // pages to fresh ones. RunsTable asks again once the load ends.
  const { hasNextPage, isFetching, fetchNextPage } = list;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, fetchNextPage]);

  const open = (row: RunListRow, newTab: boolean) => {
    const path = row.detailsPath || `/${projectId}/run-report/${row.id}`;
    if (newTab) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  const changeDuration = (index: number) => {
    setDurationIndex(index);
    saveDurationIndex(index);
  };

  return (
    <>
      <ReportsHeader projectId={projectId} tab="runs" />
      <RunsCounters projectId={projectId} days={days} />
      <RunsToolbar
        durationIndex={durationIndex}
        onDuration={changeDuration}
        search={search}
        onSearch={setSearch}
        type={type}
        onType={setType}
        branch={branch}
        branches={branches}
        onBranch={setBranch}
      />
      {list.isError && !list.data ? (
        <LoadError error={list.error} />
      ) : (
        <RunsTable
          rows={rows}
          loading={list.isLoading || list.isPlaceholderData}
          fetchingMore={list.isFetchingNextPage}
          fetching={list.isFetching}
          searching={search !== debouncedSearch}
          sort={sort}
          onSort={(s) => setSort(s ?? DEFAULT_SORT)}
          onNearEnd={onNearEnd}
          onOpen={open}
        />
      )}
      {list.data && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="runs-shown">
          {rows.length} of {list.data.pages[0]?.stats.total ?? rows.length} reports
        </Typography>
      )}
    </>
  );
}
