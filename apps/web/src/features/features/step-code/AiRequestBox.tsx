import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { AI_REQUEST_PLACEHOLDER, AI_REQUEST_QUICK_INSERTS, AI_UPDATE_DONE_TEXT, AI_UPDATE_ERROR_TEXT, type StepInfoDto } from '@stepwise/shared';
import { useState } from 'react';
import { trackEvent } from '../../../lib/track-event';
import { useWorkspace } from '../../workspace/use-workspace';
import { functionNameOf, requestBlockedReason, withQuickInsert } from './ai-request-state';
import { useAiStepUpdate } from './use-ai-step-update';
import type { StepCodeEditor } from './use-step-code-editor';

export interface AiRequestBoxProps {
  step: StepInfoDto;
  editor: StepCodeEditor;
}

/** Ask for an update of the step's code in words; the answer opens in review (diff) mode, saved like any edit. */
export function AiRequestBox({ step, editor }: AiRequestBoxProps) {
  const ws = useWorkspace();
  const [text, setText] = useState('');
  const ai = useAiStepUpdate((content) => {
    setText('');
    editor.propose(content);
  });
  const blocked = requestBlockedReason(step, editor.dirty);
  const canSend = !blocked && !ai.busy && text.trim().length > 0;

  function send() {
    // An expired project or account opens the expired-plan dialog instead, as for the other generating actions.
    if (!canSend || !editor.canWrite()) return;
    trackEvent('click_ai_generate', ws.projectId);
    void ai.send({ user_request: text.trim(), function_name: functionNameOf(step), mjs_file_content: editor.current });
  }

  return (
    <Box component="section" aria-label="AI update of the step" sx={{ mt: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <AutoAwesomeOutlinedIcon fontSize="small" color="primary" />
        <Typography variant="subtitle2">Update this step with AI</Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          disabled={!!blocked || ai.busy}
          placeholder={AI_REQUEST_PLACEHOLDER}
          slotProps={{ htmlInput: { 'aria-label': 'AI request', maxLength: 2000 } }}
        />
        <Tooltip title={canSend ? 'Send' : ''}>
          <span>
            <IconButton aria-label="Send AI request" color="primary" disabled={!canSend} onClick={send}>
              {ai.phase === 'pending' ? <CircularProgress size={20} /> : <SendIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap role="group" aria-label="Quick inserts" sx={{ flexWrap: 'wrap', mt: 1 }}>
        {AI_REQUEST_QUICK_INSERTS.map((q) => (
          <Chip key={q} label={q} size="small" variant="outlined" disabled={!!blocked || ai.busy} onClick={() => setText((t) => withQuickInsert(t, q))} />
        ))}
      </Stack>
      <Box aria-live="polite" data-testid="ai-request-status" sx={{ mt: 1, minHeight: 24 }}>
        {ai.phase === 'pending' && (
          <>
            <Typography variant="body2" sx={{ mb: 0.5 }}>{ai.progress}</Typography>
            <LinearProgress aria-label="Updating the step code" />
          </>
        )}
        {ai.phase === 'done' && <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }}>{AI_UPDATE_DONE_TEXT}</Typography>}
        {ai.phase === 'error' && <Typography variant="body2" color="error">{AI_UPDATE_ERROR_TEXT}</Typography>}
        {ai.phase === 'idle' && ai.note && (
          <Typography variant="caption" component="p" color={ai.note.error ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap' }}>
            {ai.note.text}
          </Typography>
        )}
        {ai.phase === 'idle' && blocked && (
          <Typography variant="caption" component="p" color="text.secondary">
            {blocked}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
