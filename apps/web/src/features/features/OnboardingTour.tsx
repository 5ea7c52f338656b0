import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

const STEPS = [
  { target: 'navigator', title: 'Your features', text: 'Folders, feature files and their scenarios live here. Right-click a row for rename, move and delete.' },
  { target: 'add-scenario', title: 'Add a scenario', text: 'Create a feature and its first scenario, or add folders to keep things tidy.' },
  { target: 'environment', title: 'Pick an environment', text: 'Environments hold the base URL your scenarios run against. Create one for each site you test.' },
  { target: 'recorder', title: 'Record with the AI Recorder', text: 'Record a scenario in your browser; its steps and code land in this workspace.' },
] as const;

/** The 4-step tour shown to a new user (query newUser). */
export function OnboardingTour({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = STEPS[step];

  useEffect(() => {
    setAnchor(document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`));
  }, [current.target]);

  const last = step === STEPS.length - 1;
  return (
    <Popper open anchorEl={anchor ?? document.body} placement={anchor ? 'bottom-start' : 'top'} sx={{ zIndex: 1400 }} modifiers={[{ name: 'offset', options: { offset: [0, 10] } }]}>
      <Paper role="dialog" aria-labelledby="tour-title" elevation={8} sx={{ p: 2.5, width: 340, border: 2, borderColor: 'primary.main' }}>
        <Typography variant="caption" color="text.secondary">
          Step {step + 1} of {STEPS.length}
        </Typography>
        <Typography id="tour-title" variant="h6" component="h2">
          {current.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {current.text}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onDone}>
            Skip tour
          </Button>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
          <Button variant="contained" onClick={() => (last ? onDone() : setStep(step + 1))}>
            {last ? 'Finish' : 'Next'}
          </Button>
        </Stack>
      </Paper>
    </Popper>
  );
}
