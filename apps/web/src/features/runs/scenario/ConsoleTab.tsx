import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConsoleEntry } from '@stepwise/shared';
import { consoleEntries } from '../logic/console';
import { EmptyPanel } from './EmptyPanel';

export const NO_CONSOLE = 'No console logs available';
export const CONSOLE_HINT = 'Select a step in the timeline to see the warnings and errors the page logged during it.';

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString();
};

/** Warnings and errors the page logged during the selected step. */
export function ConsoleTab({ entries }: { entries: readonly ConsoleEntry[] }) {
  const shown = consoleEntries(entries);
  if (shown.length === 0) return <EmptyPanel text={NO_CONSOLE} hint={CONSOLE_HINT} />;
  return (
    <Box component="ul" aria-label="Console logs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {shown.map((e, i) => (
        <Stack component="li" key={`${i}:${e.time}`} direction="row" spacing={1.5} sx={{ py: 1, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }} data-testid="console-entry">
          <Chip size="small" label={e.kind} color={e.kind === 'error' ? 'error' : 'warning'} variant="outlined" sx={{ minWidth: 72 }} />
          <Typography variant="body2" sx={{ flex: 1, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {e.text}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {time(e.time)}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
