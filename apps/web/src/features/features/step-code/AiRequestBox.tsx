import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AI_UNAVAILABLE } from '../scenario/AiUnavailable';

/** The AI request box of a step; disabled until an AI provider is available. */
export function AiRequestBox() {
  return (
    <Stack spacing={0.5} sx={{ mt: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField size="small" disabled placeholder="Describe the update you'd like to make" slotProps={{ htmlInput: { 'aria-label': 'AI request' } }} />
        <IconButton aria-label="Send AI request" disabled>
          <SendIcon />
        </IconButton>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {AI_UNAVAILABLE}
      </Typography>
    </Stack>
  );
}
