import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { StepInfoDto } from '@stepwise/shared';
import { trackEvent } from '../../../lib/track-event';
import type { StepCodeEditor } from './use-step-code-editor';

export interface StepCodeHeaderProps {
  step: StepInfoDto;
  editor: StepCodeEditor;
  vscodeUrl: string;
  testUrl: string;
  onDiscard: () => void;
  onClose: () => void;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'not generated yet');

/** Step name, last-generated time and file, with the buttons of the current mode. */
export function StepCodeHeader({ step, editor, vscodeUrl, testUrl, onDiscard, onClose }: StepCodeHeaderProps) {
  const { mode } = editor;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
        {step.keyword.trim()} {step.stepName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Last generated: {when(step.implemented_at)} · File: {step.mjsFile ?? 'none'}
        {editor.isUtils ? ' (built-in library, read-only)' : ''}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {mode === 'view' && (
          <>
            <Button size="small" variant="outlined" onClick={() => {
                if (!editor.canWrite()) return;
                trackEvent('click_open_vscode');
                window.open(vscodeUrl, '_blank', 'noreferrer');
              }}>
              View in VS Code
            </Button>
            <Button size="small" variant="outlined" href={testUrl} target="_blank" rel="noreferrer">
              Test the execution
            </Button>
            <Tooltip title={editor.isUtils ? 'The built-in step library cannot be edited' : ''}>
              <span>
                <Button size="small" variant="contained" disabled={editor.isUtils || !step.mjsFile} onClick={editor.edit}>
                  Edit code
                </Button>
              </span>
            </Tooltip>
          </>
        )}
        {mode === 'edit' && (
          <>
            <Button size="small" color="error" variant="outlined" disabled={!editor.dirty} onClick={onDiscard}>
              Discard
            </Button>
            <Button size="small" variant="contained" disabled={!editor.changed} onClick={editor.review}>
              Review Changes
            </Button>
          </>
        )}
        {mode === 'review' && (
          <>
            <Button size="small" variant="outlined" disabled={editor.saving} onClick={editor.backToEditing}>
              Back to editing
            </Button>
            <Button
              size="small"
              variant="contained"
              disabled={editor.saving || !editor.changed}
              onClick={() => editor.save()}
              startIcon={editor.saving ? <CircularProgress size={14} color="inherit" /> : undefined}
            >
              Save changes
            </Button>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button size="small" color="inherit" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Box>
  );
}
