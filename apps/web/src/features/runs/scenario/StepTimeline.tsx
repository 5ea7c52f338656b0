import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReportStep } from '@stepwise/shared';
import { StepItem } from './StepItem';

interface Props {
  steps: ReportStep[] | null;
  selected: number;
  command: number;
  onSelect: (index: number) => void;
  onCommand: (index: number) => void;
}

/** The step timeline titled "Scenario"; a skeleton while the steps load. */
export function StepTimeline({ steps, selected, command, onSelect, onCommand }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Scenario
      </Typography>
      {!steps ? (
        <Box data-testid="timeline-skeleton">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : steps.length === 0 ? (
        <Typography color="text.secondary">No output to display</Typography>
      ) : (
        <Box component="ol" aria-label="Steps" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((s, i) => (
            <StepItem key={i} step={s} index={i} selected={i === selected} command={i === selected ? command : -1} onSelect={onSelect} onCommand={onCommand} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
