import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { HISTORY_MARK_LABELS, QUARANTINE_TAG, type HistoryResultDto, type ScenarioStatsDto } from '@stepwise/shared';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../api/client';
import { formatDateTime } from '../logic/run-list';
import { HistoryMarkChip, QuarantineChip } from './HistoryMarkChip';
import { QuarantineDialog } from './QuarantineDialog';
import { useQuarantine, useScenarioHistory } from './use-history';

const PAGE_SIZE = 20;
const COLOUR: Record<HistoryResultDto['outcome'], string> = { P: 'success.main', R: 'warning.main', F: 'error.main', S: 'grey.400' };
const OUTCOME: Record<HistoryResultDto['outcome'], string> = { P: 'Passed', R: 'Passed on retry', F: 'Failed', S: 'Skipped' };

const percent = (n: number | null) => (n === null ? '-' : `${Math.round(n * 100)}%`);

/** The scenario's results across runs, newest first, a page at a time, with its stats and quarantine. */
export function HistoryStrip({ projectId, testCaseId }: { projectId: string; testCaseId: string }) {
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState(false);
  const history = useScenarioHistory(testCaseId, page, PAGE_SIZE);
  const quarantine = useQuarantine();
  const data = history.data;
  if (!data) return null;
  const s = data.scenario;
  const from = data.total === 0 ? 0 : page * PAGE_SIZE + 1;
  const to = Math.min(data.total, (page + 1) * PAGE_SIZE);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="History">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 1 }}>
          History
        </Typography>
        {s.flaky && <HistoryMarkChip mark="flaky" />}
        {s.quarantined && <QuarantineChip reason={s.quarantineReason} tagged={s.quarantineReason === null} />}
        <Box sx={{ flex: 1 }} />
        {s.quarantined && s.quarantineReason === null ? (
          // Its tag quarantines it: only an edit of the scenario lifts that.
          <Tooltip title={`Quarantined by its ${QUARANTINE_TAG} tag: remove the tag from the scenario to lift it`}>
            <span data-testid="lift-by-tag">
              <Button size="small" variant="outlined" disabled>
                Lift quarantine
              </Button>
            </span>
          </Tooltip>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={quarantine.isPending}
            onClick={() => (s.quarantined ? quarantine.mutate({ testCaseId, quarantined: false, reason: '' }) : setAsking(true))}
          >
            {s.quarantined ? 'Lift quarantine' : 'Quarantine'}
          </Button>
        )}
      </Stack>
      {asking && <QuarantineDialog testCaseId={testCaseId} scenarioName={s.example ? `${s.scenarioName} (${s.example})` : s.scenarioName} onClose={() => setAsking(false)} />}
      {quarantine.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(quarantine.error)}
        </Alert>
      )}
      <Stats stats={s} projectId={projectId} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1.5 }}>
        <Tooltip title="Newer results">
          <span>
            <IconButton size="small" aria-label="Newer results" disabled={page === 0} onClick={() => setPage(page - 1)}>
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Stack direction="row" role="list" aria-label="Results" data-testid="history-strip" sx={{ gap: 0.5, flexWrap: 'wrap', flex: 1 }}>
          {data.results.map((r) => (
            <Tooltip key={r.runId} title={`${OUTCOME[r.outcome]}${r.mark ? ` · ${HISTORY_MARK_LABELS[r.mark]}` : ''}${r.quarantined ? ' · quarantined' : ''} · ${r.runName} · ${formatDateTime(r.publishTime)}`}>
              <Box
                role="listitem"
                component={RouterLink}
                to={`/${projectId}/run-report/${r.runId}/${r.testCaseId}`}
                aria-label={`${OUTCOME[r.outcome]}, ${r.runName}`}
                data-outcome={r.outcome}
                sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: COLOUR[r.outcome], outline: r.testCaseId === testCaseId ? '2px solid' : 'none', outlineColor: 'text.primary', outlineOffset: 1 }}
              />
            </Tooltip>
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary" data-testid="history-range" sx={{ whiteSpace: 'nowrap' }}>
          {from}-{to} of {data.total}
        </Typography>
        <Tooltip title="Older results">
          <span>
            <IconButton size="small" aria-label="Older results" disabled={page + 1 >= data.pageCount} onClick={() => setPage(page + 1)}>
              <ChevronRightIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

function Stats({ stats: s, projectId }: { stats: ScenarioStatsDto; projectId: string }) {
  const items: Array<[string, ReactNode]> = [
    ['Pass rate', percent(s.passRate)],
    ['Flakiness', `${s.flakinessScore.toFixed(2)} (${s.flips} flips, ${s.retryPasses} passed on retry)`],
    [
      'Failing since',
      s.firstFailure ? (
        <RouterLink to={`/${projectId}/run-report/${s.firstFailure.runId}`}>
          {formatDateTime(s.firstFailure.publishTime)}
          {s.firstFailure.branch ? ` on ${s.firstFailure.branch}` : ''}
          {s.firstFailure.commit ? ` @ ${s.firstFailure.commit.slice(0, 8)}` : ''}
        </RouterLink>
      ) : (
        '-'
      ),
    ],
  ];
  return (
    <Stack direction="row" sx={{ gap: 4, mt: 1, flexWrap: 'wrap' }} data-testid="history-stats">
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
