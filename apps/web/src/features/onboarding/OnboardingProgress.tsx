import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

export const SIGNUP_STEPS = ['Sign Up & Verify', 'Download & Install', 'Create your first test automation scenario'];

export function OnboardingProgress({ activeStep, progress }: { activeStep: number; progress: number }) {
  return (
    <Box sx={{ mb: 4 }}>
      <Stepper activeStep={activeStep} alternativeLabel>
        {SIGNUP_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
        <LinearProgress variant="determinate" value={progress} aria-label="Onboarding progress" sx={{ flex: 1, height: 8, borderRadius: 4 }} />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40 }}>
          {progress}%
        </Typography>
      </Box>
    </Box>
  );
}
