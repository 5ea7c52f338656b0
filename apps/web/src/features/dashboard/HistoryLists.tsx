import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScenarioStatsDto } from '@stepwise/shared';
import { Link as RouterLink } from 'react-router';
import { QuarantineChip } from '../runs/history/HistoryMarkChip';
import { useHistoryLists } from '../runs/history/use-history';
import { formatDateTime } from '../runs/logic/run-list';

/** The dashboard's "Most flaky" and "Newly failing" scenarios (from the scenario history). */
export function HistoryLists({ projectId }: { projectId: string }) {
  const lists = useHistoryLists(projectId);
  if (!lists.data) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 3 }}>
      <ScenarioList
        title="Most flaky"
        testId="most-flaky"
        empty="No flaky scenarios in the latest runs"
        items={lists.data.mostFlaky}
        projectId={projectId}
        detail={(s) => `Flakiness ${s.flakinessScore.toFixed(2)} · ${s.flips} flips · ${s.retryPasses} passed on retry`}
      />
      <ScenarioList
        title="Newly failing"
        testId="newly-failing"
        empty="No scenario started failing"
        items={lists.data.newlyFailing}
        projectId={projectId}
        detail={(s) =>
          s.firstFailure
            ? `Failing since ${formatDateTime(s.firstFailure.publishTime)}${s.firstFailure.branch ? ` on ${s.firstFailure.branch}` : ''}${s.firstFailure.commit ? ` @ ${s.firstFailure.commit.slice(0, 8)}` : ''} · ${s.failingStreak} ${s.failingStreak === 1 ? 'run' : 'runs'}`
            : ''
        }
      />
    </Box>
  );
}

interface ListProps {
  title: string;
  testId: string;
  empty: string;
  items: ScenarioStatsDto[];
  projectId: string;
  detail: (s: ScenarioStatsDto) => string;
}

function ScenarioList({ title, testId, empty, items, projectId, detail }: ListProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
      <Stack component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', gap: 1 }}>
        {items.map((s) => (
          <Box component="li" key={s.historyKey}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Link component={RouterLink} to={`/${projectId}/run-report/${s.lastRunId}/${s.lastTestCaseId}`} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {s.scenarioName}
                {s.example ? ` (${s.example})` : ''}
              </Link>
              {s.quarantined && <QuarantineChip reason={s.quarantineReason} tagged={s.quarantineReason === null} />}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div">
              {s.featurePath} · {detail(s)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
