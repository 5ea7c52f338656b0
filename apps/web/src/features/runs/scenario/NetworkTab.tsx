import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NetworkEntry } from '@stepwise/shared';
import { useState } from 'react';
import { failingRequests, networkMessage } from '../logic/network';
import { EmptyPanel } from './EmptyPanel';
import { FullNetworkLogsDialog } from './FullNetworkLogsDialog';
import { NetworkTable } from './NetworkTable';

/** The failing requests of the selected step, and the way to all of them. */
export function NetworkTab({ entries }: { entries: readonly NetworkEntry[] }) {
  const [full, setFull] = useState(false);
  const message = networkMessage(entries);
  return (
    <>
      {entries.length > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {entries.length} request{entries.length === 1 ? '' : 's'} during this step
          </Typography>
          <Button size="small" onClick={() => setFull(true)}>
            View full network logs
          </Button>
        </Stack>
      )}
      {message ? <EmptyPanel text={message} /> : <NetworkTable entries={failingRequests(entries)} label="Failing requests" />}
      {full && <FullNetworkLogsDialog entries={entries} onClose={() => setFull(false)} />}
    </>
  );
}
