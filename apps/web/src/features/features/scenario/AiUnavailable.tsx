import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';

/** Why the AI actions that are not built yet are disabled in this release. */
export const AI_UNAVAILABLE = 'AI generation needs an AI provider, which arrives with a later release of Stepwise.';

export function AiUnavailable({ what }: { what?: string }) {
  return (
    <Alert severity="info" icon={<AutoAwesomeOutlinedIcon />}>
      {what ? `${what}: ` : ''}
      {AI_UNAVAILABLE}
    </Alert>
  );
}
