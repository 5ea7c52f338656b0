import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RecordedStep } from '@stepwise/shared';
import { useEffect, useRef, useState } from 'react';
import { actionSummary } from './step-edits';

export interface RecordedStepsPanelProps {
  steps: RecordedStep[];
  onEdit: (step: RecordedStep, text: string) => void;
  onDelete: (step: RecordedStep) => void;
}

function StepRow({ step, index, onEdit, onDelete }: { step: RecordedStep; index: number } & Omit<RecordedStepsPanelProps, 'steps'>) {
  const [draft, setDraft] = useState<string | null>(null);
  const label = `${step.keyword} ${step.text}`;
  const commit = () => {
    if (draft !== null) onEdit(step, draft);
    setDraft(null);
  };
  return (
    <ListItem
      aria-label={label}
      divider
      sx={{ alignItems: 'flex-start', gap: 1, py: 1, '&:hover .step-actions, &:focus-within .step-actions': { opacity: 1 } }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ width: 20, pt: 0.5, textAlign: 'right', flexShrink: 0 }}>
        {index + 1}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {draft === null ? (
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="recorded-step-text">
            <Box component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {step.keyword}
            </Box>{' '}
            {step.text}
          </Typography>
        ) : (
          <TextField
            autoFocus
            fullWidth
            multiline
            size="small"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                commit();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                setDraft(null);
              }
            }}
            slotProps={{ htmlInput: { 'aria-label': `Text of step ${index + 1}` } }}
          />
        )}
        <Typography variant="caption" color="text.secondary" component="div" noWrap title={actionSummary(step)} sx={{ fontFamily: 'monospace', mt: 0.25 }}>
          {actionSummary(step)}
        </Typography>
      </Box>
      <Stack direction="row" className="step-actions" sx={{ opacity: draft === null ? 0.55 : 1, flexShrink: 0 }}>
        <Tooltip title="Edit the step's text">
          <IconButton size="small" aria-label={`Edit step ${index + 1}`} onClick={() => setDraft(step.text)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete the step">
          <IconButton size="small" aria-label={`Delete step ${index + 1}`} onClick={() => onDelete(step)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </ListItem>
  );
}

/** The steps recorded so far, as they will be saved: each one's text can be edited, or the step deleted. */
export function RecordedStepsPanel({ steps, onEdit, onDelete }: RecordedStepsPanelProps) {
  const end = useRef<HTMLDivElement>(null);
  const count = steps.length;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          Use the page on the left: each click, text typed, choice and page opened becomes a step here. Add checks with Assert.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Recorded steps">
          {steps.map((step, i) => (
            <StepRow key={step.id} step={step} index={i} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </List>
      )}
      <div ref={end} />
    </Box>
  );
}
