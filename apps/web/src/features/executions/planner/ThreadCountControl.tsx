import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface Props {
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** Accessible name, e.g. "Threads for Scenario Group 1". */
  label: string;
}

/** Thread count 0..max: "max." at the top, a red dot at 0. */
export function ThreadCountControl({ value, max, onChange, label }: Props) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="group" aria-label={label}>
      <IconButton size="small" aria-label="Fewer threads" disabled={value <= 0} onClick={() => onChange(value - 1)}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Box sx={{ position: 'relative', minWidth: 28, textAlign: 'center' }}>
        <Typography component="output" aria-label="Threads" sx={{ fontWeight: 700 }} data-testid="thread-count">
          {value}
        </Typography>
        {value === 0 && (
          <Box
            data-testid="no-threads-dot"
            aria-label="No threads"
            sx={{ position: 'absolute', top: 2, right: 0, width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main' }}
          />
        )}
      </Box>
      <IconButton size="small" aria-label="More threads" disabled={value >= max} onClick={() => onChange(value + 1)}>
        <AddIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 28 }}>
        {value >= max && max > 0 ? 'max.' : ''}
      </Typography>
    </Stack>
  );
}
