import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UI } from '@stepwise/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { cloudRecorderLink, deepLink, isRecorderMode, MODE_LABELS } from './recorder-links';
import { useCountdown } from './use-countdown';
import { useDownloadLink } from './use-download-link';

/** /open-recorder/:cmd: hands over to the desktop client through a deep link. */
export function OpenRecorderPage() {
  const { cmd } = useParams();
  const [params] = useSearchParams();
  const download = useDownloadLink();
  const [closed, setClosed] = useState(false);
  const clicked = useRef(false);
  const valid = isRecorderMode(cmd);
  const links = useMemo(() => (valid ? { app: deepLink(cmd, params), cloud: cloudRecorderLink(cmd, params) } : null), [valid, cmd, params]);

  const openApp = useCallback(() => {
    if (links) window.location.href = links.app;
  }, [links]);

  const closeTab = useCallback(() => {
    window.close();
    setClosed(true);
  }, []);
  const countdown = useCountdown(UI.recorderCountdownS, closeTab);

  // Clicked automatically once. Automated browsers are spared: the OS protocol prompt they cannot
  // answer leaves their pointer input stuck for the rest of the session.
  useEffect(() => {
    if (clicked.current || !links || navigator.webdriver) return;
    clicked.current = true;
    openApp();
  }, [links, openApp]);

  if (!valid || !links) {
    return (
      <AuthLayout title="Unknown recorder link">
        <Alert severity="error">The link asks for "{cmd}", which the Stepwise client does not know.</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={MODE_LABELS[cmd]} subtitle="We are opening the Stepwise client on your computer." width={520}>
      <Stack spacing={2.5}>
        <Button variant="contained" size="large" onClick={openApp}>
          Continue in the app
        </Button>
        <Typography variant="body2" color="text.secondary">
          Nothing happened? Install the client first:{' '}
          <Link href={download.href} target="_blank" rel="noreferrer">
            {download.label}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          No desktop client? <Link href={links.cloud}>Use the cloud recorder</Link>
        </Typography>
        <Divider />
        <Box aria-live="polite">
          {closed ? (
            <Typography color="text.secondary">You can close this tab now.</Typography>
          ) : countdown.running ? (
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography color="text.secondary">This tab closes in {countdown.left} seconds.</Typography>
              <Button size="small" onClick={countdown.cancel}>
                Cancel
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">Automatic closing cancelled.</Typography>
          )}
        </Box>
      </Stack>
    </AuthLayout>
  );
}
