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
import { useSignedIn } from '../../api/session';
import { AuthLayout } from '../../components/AuthLayout';
import { cloudRecorderLink, deepLink, isRecorderMode, MODE_LABELS } from './recorder-links';
import { useClientAccessKey } from './use-client-access-key';
import { useCountdown } from './use-countdown';
import { useDownloadLink } from './use-download-link';
import { InstallHelp } from './InstallHelp';

/** /open-recorder/:cmd: hands over to the Stepwise client (`stepwise open-link`) through a stepwise:// link. */
export function OpenRecorderPage() {
  const { cmd } = useParams();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const install = useDownloadLink();
  const valid = isRecorderMode(cmd);
  const access = useClientAccessKey(valid ? params.get('project_id') : null, params.get('access_key'));
  const [closed, setClosed] = useState(false);
  const clicked = useRef(false);
  const links = useMemo(
    () => (valid ? { app: deepLink(cmd, params, { accessKey: access.key, server: window.location.origin }), cloud: cloudRecorderLink(cmd, params) } : null),
    [valid, cmd, params, access.key],
  );

  const openApp = useCallback(() => {
    if (links) window.location.href = links.app;
  }, [links]);

  const closeTab = useCallback(() => {
    window.close();
    setClosed(true);
  }, []);
  const countdown = useCountdown(UI.recorderCountdownS, closeTab);

  // Clicked automatically once the link is complete. Automated browsers are spared: the OS protocol
  // prompt they cannot answer leaves their pointer input stuck for the rest of the session.
  useEffect(() => {
    if (clicked.current || !links || !access.ready || navigator.webdriver) return;
    clicked.current = true;
    openApp();
  }, [links, access.ready, openApp]);

  if (!valid || !links) {
    return (
      <AuthLayout title="Unknown recorder link">
        <Alert severity="error">The link asks for "{cmd}", which the Stepwise client does not know.</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={MODE_LABELS[cmd]} subtitle="We are opening the Stepwise client on your computer." width={560}>
      <Stack spacing={2.5}>
        {access.error && <Alert severity="warning">{access.error} The client will use the access key it is set up with (STEPWISE_TOKEN).</Alert>}
        {!signedIn && !params.get('access_key') && (
          <Alert severity="info">You are not signed in: the client will use the access key it is set up with (STEPWISE_TOKEN).</Alert>
        )}
        <Button
          variant="contained"
          size="large"
          href={links.app}
          role="button"
          disabled={!access.ready}
          onClick={(e) => {
            e.preventDefault();
            openApp();
          }}
        >
          Continue in the app
        </Button>
        <InstallHelp install={install} lead="Nothing happened? " />
        {cmd === 'recorder' && (
          <Typography variant="body2" color="text.secondary">
            No client on this computer? <Link href={links.cloud}>Use the cloud recorder</Link>
          </Typography>
        )}
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
