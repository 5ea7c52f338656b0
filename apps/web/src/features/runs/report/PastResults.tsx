import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TestCaseRow } from '@stepwise/shared';
import { formatDateTime } from '../logic/run-list';
import { pastResults, scenarioStatus } from '../logic/run-report';

/** The scenario's last 5 results, newest first, as coloured dots. */
export function PastResults({ testCase }: { testCase: Pick<TestCaseRow, 'pastResults'> }) {
  const past = pastResults(testCase);
  if (past.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        -
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} role="group" aria-label="Past executions" data-testid="past-results" sx={{ pt: 0.75 }}>
      {past.map((p) => {
        const status = scenarioStatus(p.status);
        return (
          <Tooltip key={p.runId} title={`${status} · ${formatDateTime(p.publishTime)}`}>
            <Box
              role="img"
              aria-label={status}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: status === 'Passed' ? 'success.main' : 'error.main' }}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
