import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { AppDialog } from '../../../components/AppDialog';
import { useRunLogs } from '../use-runs';

export const NO_LOGS = 'No logs available';

function download(name: string, lines: string[]): void {
  const url = URL.createObjectURL(new Blob([lines.join('\n') + '\n'], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The log of the execution instance that produced a run, with a download. */
export function ExecutionLogsDialog({ instanceId, runName, onClose }: { instanceId: string; runName: string; onClose: () => void }) {
  const logs = useRunLogs(instanceId);
  const lines = logs.data ?? null;
  return (
    <AppDialog open onClose={onClose} maxWidth="md" aria-labelledby="exec-logs-title">
      <DialogTitle id="exec-logs-title">Execution logs</DialogTitle>
      <DialogContent>
        <Box
          role="log"
          aria-label="Execution log lines"
          sx={{ bgcolor: 'grey.900', color: 'grey.100', fontFamily: 'monospace', fontSize: 13, p: 2, borderRadius: 1, height: 380, overflow: 'auto' }}
        >
          {logs.isLoading && <CircularProgress size={18} color="inherit" />}
          {!logs.isLoading && !lines && <Box sx={{ color: 'grey.500' }}>{NO_LOGS}</Box>}
          {lines?.map((line, i) => (
            <Box key={i} sx={{ whiteSpace: 'pre-wrap', py: 0.25 }}>
              {line}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<DownloadIcon />} disabled={!lines} onClick={() => lines && download(`${runName || instanceId}-logs.txt`, lines)}>
          Download
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
