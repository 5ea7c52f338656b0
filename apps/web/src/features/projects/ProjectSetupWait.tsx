import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

/** Progress shown while a new project is being prepared. */
export function ProjectSetupWait({ durationMs }: { durationMs: number }) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setProgress(Math.min(100, ((Date.now() - started) / durationMs) * 100)), 100);
    return () => clearInterval(timer);
  }, [durationMs]);
  return (
    <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        Setting up your project...
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-label="Project setup progress" sx={{ height: 8, borderRadius: 4 }} />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Preparing the workspace and default environment.
      </Typography>
    </Box>
  );
}
