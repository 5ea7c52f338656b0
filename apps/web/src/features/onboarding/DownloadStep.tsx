import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UI } from '@stepwise/shared';
import { useEffect, useState } from 'react';

interface Props {
  /** True once the download was clicked: the install prompt shows. */
  downloaded: boolean;
  onDownload: () => void;
  onInstalled: () => void;
}

/** DOWNLOAD CLIENT (locked for 10 s after a click), then the install confirmation prompt. */
export function DownloadStep({ downloaded, onDownload, onInstalled }: Props) {
  const [lockedUntil, setLockedUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const locked = now < lockedUntil;

  useEffect(() => {
    if (!locked) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [locked]);

  function download() {
    const until = Date.now() + UI.downloadLockMs;
    setLockedUntil(until);
    setNow(Date.now());
    onDownload();
  }

  const secondsLeft = Math.ceil((lockedUntil - now) / 1000);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2">
          Download the Stepwise client
        </Typography>
        <Typography color="text.secondary">
          The client records scenarios in a real browser and runs them on your computer.
        </Typography>
      </Box>
      <Box>
        <Button variant="contained" size="large" startIcon={<CloudDownloadOutlinedIcon />} disabled={locked} onClick={download}>
          DOWNLOAD CLIENT
        </Button>
        {locked && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
            Your download has started. You can download again in {secondsLeft} s.
          </Typography>
        )}
      </Box>
      {downloaded && (
        <Box sx={{ p: 2.5, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}>
          <Typography sx={{ mb: 1.5 }}>Run the installer, then confirm here once the client is installed.</Typography>
          <Button variant="outlined" startIcon={<CheckCircleOutlineIcon />} onClick={onInstalled}>
            I HAVE INSTALLED THE CLIENT
          </Button>
        </Box>
      )}
    </Stack>
  );
}
