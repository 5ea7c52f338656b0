import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CodeEditor } from '../../../components/code/LazyCode';
import { DiscardPrompt } from '../tree/DiscardPrompt';

export interface GherkinPanelProps {
  content: string;
  editMode: boolean;
  /** Saves the edited text; throws with the text to show (the draft is kept). */
  onSave: (draft: string) => Promise<void>;
  onExitEdit: () => void;
  label: string;
  focusLine?: number | null;
}

/** Gherkin view (read-only, highlighted) that switches to an editor with Save and Cancel. */
export function GherkinPanel({ content, editMode, onSave, onExitEdit, label, focusLine }: GherkinPanelProps) {
  const [draft, setDraft] = useState(content);
  const [editing, setEditing] = useState(editMode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(false);
  if (editMode !== editing) {
    setEditing(editMode);
    if (editMode) setDraft(content);
    setError(null);
  }
  const changed = draft !== content;

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await onSave(draft);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <CodeEditor
        value={editMode ? draft : content}
        language="gherkin"
        readOnly={!editMode || busy}
        onChange={setDraft}
        ariaLabel={editMode ? `Edit ${label}` : label}
        minHeight={160}
        maxHeight={520}
        focusLine={focusLine}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      {editMode && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
          <Button color="inherit" disabled={busy} onClick={() => (changed ? setPrompt(true) : onExitEdit())}>
            Cancel
          </Button>
          <Button variant="contained" disabled={busy || !changed} onClick={save} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save
          </Button>
        </Stack>
      )}
      <DiscardPrompt
        open={prompt}
        what="change"
        onBack={() => setPrompt(false)}
        onDiscard={() => {
          setPrompt(false);
          setDraft(content);
          onExitEdit();
        }}
      />
    </>
  );
}
