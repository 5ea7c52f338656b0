import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';

/** Why the AI actions that are not built yet are disabled in this release. */
export const AI_UNAVAILABLE = 'AI generation needs an AI provider, which arrives with a later release of Stepwise.';

/** Why recording a step is disabled: the recorder is not part of this release. */
export const RECORD_UNAVAILABLE = 'Recording a step needs the Stepwise recorder, which arrives with a later release.';

export function AiUnavailable({ what }: { what?: string }) {
  return (
    <Alert severity="info" icon={<AutoAwesomeOutlinedIcon />}>
      {what ? `${what}: ` : ''}
      {AI_UNAVAILABLE}
    </Alert>
  );
}
