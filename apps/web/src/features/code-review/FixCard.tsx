import CheckIcon from '@mui/icons-material/Check';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OversightItem } from '@stepwise/shared';
import type { MouseEvent } from 'react';
import { DiffView } from '../../components/code/LazyCode';
import { timeAgo } from './review-model';

interface Props {
  fix: OversightItem;
  selected: boolean;
  accepting: boolean;
  onToggle: () => void;
  onAccept: () => void;
  onViewReport: (newTab: boolean) => void;
}

const SIDES = ['code before the fix', 'code fixed by AI'] as const;

/** One code fix: the step, when it was made, the AI's reasoning, the change as a diff; View report and Accept. */
export function FixCard({ fix, selected, accepting, onToggle, onAccept, onViewReport }: Props) {
  const made = new Date(fix.createdAt);
  const view = (e: MouseEvent) => onViewReport(e.ctrlKey || e.metaKey);
  return (
    <Box component="article" aria-label={`Code fix: ${fix.stepText}`} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', isolation: 'isolate' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Checkbox size="small" checked={selected} onChange={onToggle} sx={{ mt: -0.5 }} slotProps={{ input: { 'aria-label': `Select fix: ${fix.stepText}` } }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-word' }} data-testid="fix-step">
            {fix.stepText}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
            <Typography variant="caption" color="text.secondary" title={made.toLocaleString()} data-testid="fix-time">
              Fixed {timeAgo(fix.createdAt)}
            </Typography>
            <Chip size="small" variant="outlined" label={fix.stepDefFileName} sx={{ height: 20, fontSize: 11, fontFamily: 'monospace' }} />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" variant="outlined" startIcon={<OpenInNewIcon fontSize="small" />} onClick={view} aria-label={`View report: ${fix.stepText}`}>
            View report
          </Button>
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={accepting}
            startIcon={accepting ? <CircularProgress size={14} color="inherit" /> : <CheckIcon fontSize="small" />}
            onClick={onAccept}
            aria-label={`Accept: ${fix.stepText}`}
          >
            Accept
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ pl: 5, pt: 1 }}>
        {fix.reasoning && (
          <Box sx={{ mb: 1, px: 1.5, py: 1, bgcolor: 'grey.50', borderRadius: 1, borderLeft: 3, borderColor: 'primary.light' }}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
              AI reasoning
            </Typography>
            <Typography variant="body2" data-testid="fix-reasoning" sx={{ wordBreak: 'break-word' }}>
              {fix.reasoning}
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', mb: 0.5 }} aria-hidden>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            Before
          </Typography>
          <Typography variant="caption" color="success.dark" sx={{ fontWeight: 600, pl: 1 }}>
            Fixed by AI
          </Typography>
        </Box>
        <DiffView original={fix.originalCode} modified={fix.fixedCode} language="javascript" ariaLabel={`Change to ${fix.stepDefFileName}`} sideLabels={SIDES} maxHeight={260} />
      </Box>
    </Box>
  );
}
