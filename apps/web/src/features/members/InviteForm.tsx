import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { inviteError, MSG, type MemberDto, type ProjectDto } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useUser } from '../auth/use-current-user';
import { useRoleCheck } from '../projects/use-projects';
import { EmailChipsInput, splitEmails } from './EmailChipsInput';
import { useInviteMembers } from './use-members';

export function InviteForm({ project, members }: { project: ProjectDto; members: MemberDto[] }) {
  const user = useUser();
  const toast = useToast();
  const role = useRoleCheck(project._id, 'sendInvitation');
  const invite = useInviteMembers(project._id);
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const allowed = role.data?.allowed ?? false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const list = [...emails, ...splitEmails(draft)];
    // Trial domains are known to the server only; it answers with the trial message when needed.
    const problem = inviteError({ emails: list, selfEmail: user.email, taken: members.map((m) => m.user_email), trialDomains: null });
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await invite.mutateAsync({ sentBy: user.email, emails: list });
      toast.success(list.length > 1 ? 'Invitations sent successfully' : 'Invitation sent successfully');
      setEmails([]);
      setDraft('');
    } catch (err) {
      setError(errorText(err));
    }
  }

  const button = (
    <Button
      type="submit"
      variant="contained"
      disabled={!allowed || !!error || invite.isPending}
      startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
      sx={{ height: 56, whiteSpace: 'nowrap' }}
    >
      SEND INVITE
    </Button>
  );

  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Invite team members
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Invited people receive an e-mail and join {project.name} once they accept.
      </Typography>
      <form noValidate onSubmit={submit}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <EmailChipsInput
              emails={emails}
              draft={draft}
              onEmailsChange={(v) => {
                setEmails(v);
                setError(null);
              }}
              onDraftChange={(v) => {
                setDraft(v);
                setError(null);
              }}
              error={!!error}
              helperText={error ?? undefined}
            />
          </Box>
          {allowed || role.isLoading ? (
            button
          ) : (
            <Tooltip title={MSG.inviteNoPermission} enterDelay={0}>
              <span>{button}</span>
            </Tooltip>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
