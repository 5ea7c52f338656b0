import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { maskValue } from '@stepwise/shared';

/** Values shown before "Show more". */
export const VALUES_SHOWN = 4;

/** The scenario's parameter values; masked ones as four asterisks. */
export function ValuesUsedBar({ parameters }: { parameters: Record<string, string> }) {
  const [more, setMore] = useState(false);
  const entries = Object.entries(parameters ?? {});
  const shown = more ? entries : entries.slice(0, VALUES_SHOWN);
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.25, mb: 2 }} aria-label="Values used" role="region">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ mr: 1 }}>
          Values used
        </Typography>
        {entries.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        )}
        {shown.map(([name, value]) => (
          <Chip key={name} size="small" variant="outlined" data-testid="value-used" label={`${name}: ${maskValue(String(value))}`} />
        ))}
        {entries.length > VALUES_SHOWN && (
          <Button size="small" onClick={() => setMore(!more)}>
            {more ? 'Show less' : 'Show more'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
