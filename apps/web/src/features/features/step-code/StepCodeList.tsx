import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { STEP_SOURCE_LABELS, type StepInfoDto } from '@stepwise/shared';

/** Left side of the step code modal: the scenario's steps with their implemented marker. */
export function StepCodeList({ steps, selected, onSelect }: { steps: StepInfoDto[]; selected: number; onSelect: (index: number) => void }) {
  return (
    <List dense aria-label="Steps of the scenario" sx={{ overflowY: 'auto', py: 0 }}>
      {steps.map((s, i) => (
        <ListItemButton key={`${i}-${s.stepName}`} selected={i === selected} onClick={() => onSelect(i)} sx={{ alignItems: 'flex-start', gap: 1, borderRadius: 1, mb: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            color={s.implemented && !s.isStub ? 'success' : 'warning'}
            label={s.implemented && !s.isStub && s.source ? STEP_SOURCE_LABELS[s.source] : 'TODO'}
            sx={{ minWidth: 52, flexShrink: 0, fontWeight: 700, mt: 0.25 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              <b>{s.keyword.trim()}</b> {s.stepName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {s.mjsFile ?? 'No code yet'}
            </Typography>
          </Box>
        </ListItemButton>
      ))}
    </List>
  );
}
