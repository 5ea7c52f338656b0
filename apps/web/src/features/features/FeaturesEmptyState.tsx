import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

function Way({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ color: 'primary.main' }}>{icon}</Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {text}
      </Typography>
      <Box>{action}</Box>
    </Paper>
  );
}

export interface FeaturesEmptyStateProps {
  onManual: () => void;
  onIdeas: () => void;
  onRecord: () => void;
}

/** No feature yet: the three ways to create the first scenario. */
export function FeaturesEmptyState({ onManual, onIdeas, onRecord }: FeaturesEmptyStateProps) {
  return (
    <Box sx={{ maxWidth: 920, mx: 'auto', py: 4 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        Create your first scenario
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Scenarios are Gherkin feature files kept in the project's Git repository. Pick how you want to start.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Way
          icon={<DescriptionOutlinedIcon />}
          title="Write BDD manually"
          text="Add a feature and write Given/When/Then steps in the editor."
          action={<Button variant="contained" onClick={onManual}>Write a scenario</Button>}
        />
        <Way
          icon={<LightbulbOutlinedIcon />}
          title="Manual or AI ideas"
          text="Start from a feature and a scenario name; AI ideas need an AI provider (a later release)."
          action={<Button variant="outlined" onClick={onIdeas}>Get started</Button>}
        />
        <Way
          icon={<FiberManualRecordIcon />}
          title="Record"
          text="Click through your application in the cloud recorder: every action becomes a step."
          action={<Button variant="outlined" onClick={onRecord}>Record a scenario</Button>}
        />
      </Stack>
    </Box>
  );
}
