import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvitationDto } from '@stepwise/shared';
import { useNavigate } from 'react-router';
import { useAcceptInvitation, useDeclineInvitation } from './use-invitations';

const ACCEPT_ERROR = 'Error in accepting invitation';
const DECLINE_ERROR = 'Error in declining invitation';

interface Props {
  invitation: InvitationDto;
  email: string;
  onError: (message: string | null) => void;
}

export function InvitationListItem({ invitation, email, onError }: Props) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const id = invitation.id || invitation._id;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1.5 }} role="group" aria-label={`Invitation to ${invitation.project_name}`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{invitation.project_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            Sent by {invitation.sent_by}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="small"
          disabled={busy}
          onClick={async () => {
            onError(null);
            try {
              const project = await accept.mutateAsync(id);
              navigate(`/${project._id}/dashboard`);
            } catch {
              onError(ACCEPT_ERROR);
            }
          }}
        >
          Accept
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={async () => {
            onError(null);
            try {
              await decline.mutateAsync({ email, id });
            } catch {
              onError(DECLINE_ERROR);
            }
          }}
        >
          Decline
        </Button>
      </Stack>
    </Paper>
  );
}
