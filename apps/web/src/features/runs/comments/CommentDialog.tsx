import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CommentDto } from '@stepwise/shared';
import { useState } from 'react';
import { errorText } from '../../../api/client';
import { AppDialog } from '../../../components/AppDialog';
import { useUser } from '../../auth/use-current-user';
import { formatDateTime } from '../logic/run-list';
import { canPublish } from './comment-rules';
import { COMMENT_BANNERS, type CommentRequest, useCommentAction } from './use-comment-actions';

interface Props {
  runId: string;
  testCaseId: string;
  scenarioName: string;
  comment: CommentDto | null;
  onClose: () => void;
}

/** Add, edit or delete the one comment of a scenario in a run. */
export function CommentDialog({ runId, testCaseId, scenarioName, comment, onClose }: Props) {
  const user = useUser();
  const [draft, setDraft] = useState(comment?.content ?? '');
  const action = useCommentAction(runId, testCaseId);
  const busy = action.isPending;
  const banner = busy && action.variables ? COMMENT_BANNERS[action.variables.action] : null;

  const run = (req: CommentRequest) => action.mutate(req, { onSuccess: onClose });
  const publish = () =>
    comment
      ? run({ action: 'update', id: comment._id, content: draft.trim() })
      : run({ action: 'add', testCaseId, runId, username: user.name || user.email, content: draft.trim() });

  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="comment-title">
      <DialogTitle id="comment-title">{comment ? 'Edit comment' : 'Add comment'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {scenarioName}
        </Typography>
        {banner && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="comment-banner">
            {banner}
          </Alert>
        )}
        {action.isError && !busy && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {errorText(action.error)}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={4}
          label="Comment"
          value={draft}
          disabled={busy}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 10000 } }}
        />
        {comment && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            By {comment.username} · {formatDateTime(comment.updatedAt)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {comment && (
          <Button color="error" disabled={busy} onClick={() => run({ action: 'delete', id: comment._id })} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !canPublish(draft, comment?.content)} onClick={publish}>
          Publish
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
