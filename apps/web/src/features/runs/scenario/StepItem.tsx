import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReportStep, statusColour, stepKeyword } from '@stepwise/shared';
import { secondsText, stepDetail, stepMs } from '../logic/timeline';
import { AiReasoning } from './AiReasoning';
import { CommandList } from './CommandList';
import { StatusIcon } from './StatusIcon';

interface Props {
  step: ReportStep;
  index: number;
  selected: boolean;
  command: number;
  onSelect: (index: number) => void;
  onCommand: (index: number) => void;
}

/** One step of the timeline; selected, it expands to its message (or AI reasoning), a failure's root cause and its commands. */
export function StepItem({ step, index, selected, command, onSelect, onCommand }: Props) {
  const status = step.result.status;
  const colour = statusColour(status);
  const rootCause = step.evaluation?.rootCause;
  // A root cause is shown as its own panel; the text form is for other readers.
  const detail = stepDetail(rootCause ? { ...step, evaluation: undefined } : step);
  const keyword = stepKeyword(step);
  return (
    <Box
      component="li"
      data-testid="timeline-step"
      data-status={status}
      sx={{ borderLeft: 3, borderColor: colour === 'default' ? 'grey.300' : `${colour}.main`, borderRadius: 1, bgcolor: selected ? 'action.selected' : 'background.paper', mb: 1 }}
    >
      <ButtonBase
        onClick={() => onSelect(index)}
        aria-expanded={selected}
        aria-label={`${keyword} ${step.text}`}
        sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', px: 1.5, py: 1, borderRadius: 1 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', width: '100%' }}>
          <Box sx={{ pt: 0.25 }}>
            <StatusIcon status={status} />
          </Box>
          <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-word' }}>
            <Box component="span" sx={{ fontWeight: 700, color: 'primary.main', mr: 0.75 }}>
              {keyword}
            </Box>
            {step.text}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', pt: 0.25 }}>
            {secondsText(stepMs(step))}
          </Typography>
        </Stack>
      </ButtonBase>
      <Collapse in={selected} unmountOnExit>
        <Box sx={{ px: 1.5, pb: 1.25 }}>
          {detail && (
            <Box sx={{ mt: 0.5 }} data-testid="step-detail">
              {detail.kind === 'reasoning' && (
                <Typography variant="caption" color="text.secondary" component="div">
                  AI reasoning
                </Typography>
              )}
              <Typography variant="body2" color={colour === 'error' && detail.kind === 'message' ? 'error' : 'text.primary'} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: detail.kind === 'message' ? 'monospace' : undefined, fontSize: 13 }}>
                {detail.text}
              </Typography>
            </Box>
          )}
          {rootCause && <AiReasoning rootCause={rootCause} />}
          {step.commands.length > 0 && <CommandList commands={step.commands} selected={command} onSelect={onCommand} />}
        </Box>
      </Collapse>
    </Box>
  );
}
