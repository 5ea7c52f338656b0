import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { WS_MSG } from '@stepwise/shared';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import type { ValidationProblem } from './use-step-code-editor';

function Small({ id, title, children, actions, onClose, wide }: { id: string; title: string; children: ReactNode; actions: ReactNode; onClose: () => void; wide?: boolean }) {
  return (
    <AppDialog open onClose={onClose} maxWidth={wide ? 'md' : 'xs'} slotProps={wide ? { paper: { sx: { maxWidth: 680 } } } : undefined} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </AppDialog>
  );
}

export function DiscardChangesDialog({ onDiscard, onCancel }: { onDiscard: () => void; onCancel: () => void }) {
  return (
    <Small id="discard-code-title" title="Discard code changes?" onClose={onCancel} actions={<><Button color="inherit" onClick={onCancel}>Cancel</Button><Button color="error" variant="contained" onClick={onDiscard}>Discard</Button></>}>
      <Typography>This will remove your unsaved code changes</Typography>
    </Small>
  );
}

export function UnsavedChangesDialog({ onDiscard, onReview, onCancel }: { onDiscard: () => void; onReview: () => void; onCancel: () => void }) {
  return (
    <Small id="unsaved-code-title" title="You have unsaved changes" onClose={onCancel} actions={<><Button color="error" onClick={onDiscard}>Discard</Button><Button variant="contained" onClick={onReview}>Review changes</Button></>}>
      <Typography>Review and save your changes to this step's code, or discard them to go on.</Typography>
    </Small>
  );
}

export function CodeValidationDialog({ problem, saving, onBack, onSaveAnyway }: { problem: ValidationProblem; saving: boolean; onBack: () => void; onSaveAnyway: () => void }) {
  return (
    <Small
      id="code-validation-title"
      title={WS_MSG.codeValidationError}
      onClose={onBack}
      actions={<><Button onClick={onBack} disabled={saving}>Back to editing</Button><Button color="warning" variant="contained" onClick={onSaveAnyway} disabled={saving}>Save Anyway</Button></>}
    >
      <Typography sx={{ fontFamily: 'monospace' }}>
        {problem.line !== null ? `Line ${problem.line}: ` : ''}
        {problem.message ?? 'The code does not parse.'}
      </Typography>
    </Small>
  );
}

export function NoCodeDialog({ onWrite, onGenerate, onRecord, onClose }: { onWrite: () => void; onGenerate: () => void; onRecord: () => void; onClose: () => void }) {
  return (
    <Small
      id="no-code-title"
      title="No code generated for this step"
      onClose={onClose}
      wide
      actions={
        <>
          <Button color="inherit" onClick={onClose}>Close</Button>
          <Button onClick={onRecord}>Record</Button>
          <Button startIcon={<AutoAwesomeOutlinedIcon />} onClick={onGenerate}>Generate code with AI</Button>
          <Button variant="contained" onClick={onWrite}>Write manually</Button>
        </>
      }
    >
      <Typography sx={{ mb: 1 }}>
        A stub was prepared in the user-defined functions file. Write the step yourself, or let AI write it from the page the step starts
        on: the steps before it run in a browser first, and the code is saved only if it passes there.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Record: click through the application in the cloud recorder; the scenario it saves in this feature comes with the code of every step.
      </Typography>
    </Small>
  );
}
