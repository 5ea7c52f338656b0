import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { rootCauseLabel, sameCauseText, type TestCaseRow } from '@stepwise/shared';
import type { KeyboardEvent, MouseEvent } from 'react';
import { CommentButton } from '../comments/CommentButton';
import { StatusChip } from '../common/StatusChip';
import { formatDateTime, formatDuration } from '../logic/run-list';
import { AI_FIXED, type ChildRow, scenarioStatus } from '../logic/run-report';
import { PastResults } from './PastResults';
import { HistoryMarkChip, QuarantineChip } from '../history/HistoryMarkChip';
import { QUARANTINE_TAG, type RunMarkDto } from '@stepwise/shared';

interface Props {
  testCase: TestCaseRow;
  /** Set on an AI retrain shown under its scenario. */
  aiLabel?: ChildRow['label'];
  /** How this result compares with the scenario's earlier ones, and whether it is quarantined. */
  mark?: RunMarkDto;
  onOpen: (testCase: TestCaseRow, newTab: boolean) => void;
  onComment: (testCase: TestCaseRow) => void;
}

function Text({ value }: { value: string | null }) {
  return (
    <Typography variant="body2" color={value ? 'text.primary' : 'text.secondary'} sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }} title={value ?? undefined}>
      {value || '-'}
    </Typography>
  );
}

/** One scenario of the run report; click opens it, ctrl/meta-click in a new tab. */
export function ScenarioRow({ testCase: tc, aiLabel, mark, onOpen, onComment }: Props) {
  const click = (e: MouseEvent) => onOpen(tc, e.ctrlKey || e.metaKey);
  const key = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(tc, e.ctrlKey || e.metaKey);
  };
  return (
    <TableRow hover tabIndex={0} onClick={click} onKeyDown={key} aria-label={aiLabel ? `${tc.scenarioName} (${aiLabel})` : tc.scenarioName} data-testid={aiLabel ? 'scenario-child-row' : 'scenario-row'} sx={{ cursor: 'pointer', verticalAlign: 'top', bgcolor: aiLabel ? 'grey.50' : undefined }}>
      <TableCell sx={{ minWidth: 200 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {aiLabel && <SubdirectoryArrowRightIcon fontSize="small" color="action" />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {tc.scenarioName}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {tc.featureName}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
              {aiLabel && <Chip size="small" label={aiLabel} color={aiLabel === AI_FIXED ? 'success' : 'error'} />}
              {mark?.mark && <HistoryMarkChip mark={mark.mark} />}
              {mark?.quarantined && <QuarantineChip reason={mark.quarantineReason} tagged={tc.tags.includes(QUARANTINE_TAG)} />}
              {tc.tags.slice(0, 4).map((t) => (
                <Chip key={t} size="small" variant="outlined" label={t} sx={{ height: 20, fontSize: 11 }} />
              ))}
            </Stack>
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 96 }}>{formatDateTime(tc.result.startTime)}</TableCell>
      <TableCell>{!aiLabel && <CommentButton comment={tc.comments[0] ?? null} onOpen={() => onComment(tc)} />}</TableCell>
      <TableCell>
        <StatusChip status={scenarioStatus(tc.result.status)} />
      </TableCell>
      <TableCell sx={{ minWidth: 170, maxWidth: 300 }}>
        <Text value={tc.errorMessage} />
      </TableCell>
      <TableCell sx={{ minWidth: 100 }}>
        <Text value={tc.rootCause ? `${rootCauseLabel(tc.rootCause.category)}: ${tc.rootCause.summary}` : tc.analysis} />
        {tc.rootCause?.sameCause && (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="same-cause">
            {sameCauseText(tc.rootCause.sameCause, (iso) => new Date(iso).toLocaleDateString())}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 100 }}>
        <Text value={tc.analysis_issue} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(tc.duration)}</TableCell>
      <TableCell>
        <PastResults testCase={tc} />
      </TableCell>
    </TableRow>
  );
}
