import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { NetworkEntry } from '@stepwise/shared';
import { useMemo, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { DEFAULT_NETWORK_FILTERS, filterNetworkLogs } from '../logic/network';
import { EmptyPanel } from './EmptyPanel';
import { NetworkTable } from './NetworkTable';

/** Every request of the step, filtered (XHR/fetch, errors: both on at first), highest status first. */
export function FullNetworkLogsDialog({ entries, onClose }: { entries: readonly NetworkEntry[]; onClose: () => void }) {
  const [filters, setFilters] = useState(DEFAULT_NETWORK_FILTERS);
  const shown = useMemo(() => filterNetworkLogs(entries, filters), [entries, filters]);
  return (
    <AppDialog open onClose={onClose} maxWidth="lg" aria-labelledby="network-logs-title">
      <DialogTitle id="network-logs-title">Network logs</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={3} sx={{ mb: 1, alignItems: 'center' }}>
          <FormControlLabel control={<Switch checked={filters.xhrOnly} onChange={(e) => setFilters({ ...filters, xhrOnly: e.target.checked })} />} label="Show XHR/fetch" />
          <FormControlLabel control={<Switch checked={filters.errorsOnly} onChange={(e) => setFilters({ ...filters, errorsOnly: e.target.checked })} />} label="Show error only" />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }}>
            {shown.length} of {entries.length} requests
          </Typography>
        </Stack>
        {shown.length === 0 ? <EmptyPanel text="No requests match these filters" /> : <NetworkTable entries={shown} label="All network requests" />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
