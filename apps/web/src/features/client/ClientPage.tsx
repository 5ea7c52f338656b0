import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../../components/AuthLayout';
import { InstallHelp } from '../recorder/InstallHelp';
import { useDownloadLink } from '../recorder/use-download-link';

const USES = [
  ['stepwise record --project <id> --env <environment>', 'records a scenario in a browser on your computer and publishes it to the project'],
  ['stepwise run --project <id> --env <environment>', "runs a project's scenarios here (or in CI) and uploads the report"],
  ['stepwise upload <report.ndjson> --project <id>', 'uploads a Cucumber messages report from any other runner'],
] as const;

/**
 * /client: where DOWNLOAD CLIENT leads when the server names no download of its own
 * (CLIENT_DOWNLOAD_URL). The client is the `stepwise` command line of the Stepwise version this server
 * runs, as the npm package it serves; these are its install commands for the visitor's system, with
 * this server's address.
 */
export function ClientPage() {
  const install = useDownloadLink();
  return (
    <AuthLayout title="Install the Stepwise client" subtitle="The client records and runs scenarios in a real browser on your computer." width={600}>
      <Stack spacing={3}>
        <InstallHelp install={install} after="The web app's Continue in the app buttons then open it." />
        <Box component="section" aria-labelledby="client-uses">
          <Typography id="client-uses" variant="subtitle2" sx={{ mb: 1 }}>
            Then, with an access token of the project (Settings, Access tokens) in STEPWISE_TOKEN:
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
            {USES.map(([command, what]) => (
              <Typography component="li" variant="body2" key={command}>
                <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                  {command}
                </Box>{' '}
                {what}
              </Typography>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" color="text.secondary">
          No client on this computer? The features page records in the cloud recorder too. <Link href="/login">Back to Stepwise</Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
