import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { liveStore } from '../live/live-store';
import { consoleMessages, isFinished } from '../logic/status';
import { executionKeys } from '../execution-keys';
import { fetchExecutionLogs } from '../executions.api';

const LOG_POLL_MS = 2000;

const time = (iso?: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString();
};

/** "Execution console": the status messages of a live instance, each once, scrolled to the latest. */
export function ExecutionConsoleDialog({ instanceId, name, onClose }: { instanceId: string; name: string; onClose: () => void }) {
  const live = liveStore.use().get(instanceId);
  const running = !!live && !isFinished(live.status);
  const logs = useQuery({
    queryKey: executionKeys.logs(instanceId),
    queryFn: () => fetchExecutionLogs(instanceId),
    // Up to thousands of lines: dropped when the dialog closes rather than kept (and saved) in the cache.
    gcTime: 0,
    refetchInterval: running ? LOG_POLL_MS : false,
  });
  const messages = live ? consoleMessages(live, logs.data ?? []) : [];
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <AppDialog open onClose={onClose} maxWidth="md" aria-labelledby="console-title">
      <DialogTitle id="console-title">Execution console</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {name}
        </Typography>
        <Box
          role="log"
          aria-label="Execution console messages"
          sx={{ bgcolor: 'grey.900', color: 'grey.100', fontFamily: 'monospace', fontSize: 13, p: 2, borderRadius: 1, height: 360, overflow: 'auto' }}
        >
          {messages.length === 0 && <Box sx={{ color: 'grey.500' }}>{EXECUTION_MESSAGES.noLogs}</Box>}
          {messages.map((m, i) => (
            <Box key={`${i}:${m.text}`} sx={{ whiteSpace: 'pre-wrap', py: 0.25 }}>
              {m.timestamp && <Box component="span" sx={{ color: 'grey.500', mr: 1 }}>{time(m.timestamp)}</Box>}
              <span>{m.text}</span>
            </Box>
          ))}
          <div ref={end} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
