import Typography from '@mui/material/Typography';
import { loadErrorText } from '../logic/run-report';

/** A report that could not be loaded: plain "Internal error" or "Error". */
export function LoadError({ error }: { error: unknown }) {
  return (
    <Typography role="alert" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {loadErrorText(error)}
    </Typography>
  );
}
