import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Centered spinner used while the session or project list loads. */
export function FullScreenLoader({ text = 'Hang on, Processing...' }: { text?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '60vh', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
