import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton';
import type { ClientInstall } from './use-download-link';

/** The client's install: the commands for the visitor's system, to copy (the recorder page, /client). */
export function InstallHelp({ install, lead = '', after = 'Then come back and press Continue in the app.' }: { install: ClientInstall; lead?: string; after?: string }) {
  const text = install.commands.join('\n');
  return (
    <Box component="section" aria-labelledby="install-client">
      <Typography id="install-client" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {lead}
        {install.label}: {install.where}, run in {install.shell}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', bgcolor: 'grey.100', borderRadius: 1, p: 1.5 }}>
        <Box component="pre" aria-label="Install commands" sx={{ flex: 1, m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {text}
        </Box>
        <CopyButton text={text} ariaLabel="Copy the install commands" />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Needs Node.js 22.18 or later and Chrome or Chromium.{install.os === 'windows' ? '' : ' If npm answers EACCES, its global folder is not yours: use a Node.js of a version manager (nvm, fnm) or sudo.'} {after}
      </Typography>
    </Box>
  );
}
