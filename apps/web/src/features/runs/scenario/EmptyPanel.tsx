import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Centered empty-state text of a right-panel tab, with an optional hint below. */
export function EmptyPanel({ text, hint }: { text: string; hint?: string }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography color="text.secondary">{text}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, opacity: 0.8 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
