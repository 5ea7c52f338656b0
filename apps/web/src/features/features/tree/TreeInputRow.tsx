import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import { folderNameError, NAME_MAX } from '@stepwise/shared';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { DiscardPrompt } from './DiscardPrompt';

export interface TreeInputRowProps {
  depth: number;
  initial: string;
  /** Names next to the folder, for the duplicate check. */
  siblings: string[];
  renaming: boolean;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}

const DEFAULT_FOLDER_NAME = 'New folder';

/** Inline folder name editor: Enter saves, Escape or leaving asks before dropping typed text. */
export function TreeInputRow({ depth, initial, siblings, renaming, onSave, onCancel }: TreeInputRowProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial || DEFAULT_FOLDER_NAME);
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const others = siblings.filter((s) => !renaming || s !== initial);
  const error = folderNameError(value, others);
  const unsaved = value.trim() !== '' && value !== (initial || DEFAULT_FOLDER_NAME);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  async function save() {
    if (error || busy) return;
    if (renaming && value.trim() === initial) return onCancel();
    setBusy(true);
    try {
      await onSave(value.trim());
    } catch (err) {
      toast.error((err as Error).message);
      setBusy(false);
      input.current?.focus();
    }
  }

  const leave = () => (unsaved ? setPrompt(true) : onCancel());
  const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();

  return (
    <Box sx={{ pl: 1 + depth * 2, pr: 0.5, py: 0.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: 32, border: 1, borderColor: error ? 'error.main' : 'primary.main', borderRadius: 1, px: 0.5 }}>
        <CreateNewFolderOutlinedIcon fontSize="small" color="primary" />
        <InputBase
          inputRef={input}
          value={value}
          disabled={busy}
          onChange={(e) => setValue(e.target.value.slice(0, NAME_MAX))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape') leave();
          }}
          onBlur={() => {
            if (!prompt && !busy) leave();
          }}
          sx={{ flex: 1, fontSize: 14 }}
          inputProps={{ 'aria-label': renaming ? 'New folder name' : 'Folder name', maxLength: NAME_MAX, 'aria-invalid': !!error }}
        />
        {busy ? (
          <CircularProgress size={16} />
        ) : (
          <>
            <Tooltip title={renaming ? 'Save name' : 'Create folder'}>
              <span>
                <IconButton size="small" aria-label={renaming ? 'Save folder name' : 'Create folder'} disabled={!!error} onMouseDown={keepFocus} onClick={save}>
                  <CheckIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <IconButton size="small" aria-label="Cancel" onMouseDown={keepFocus} onClick={leave}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Box>
      {error && value.trim() !== '' && (
        <Box role="alert" sx={{ color: 'error.main', fontSize: 12, px: 1, pt: 0.25 }}>
          {error}
        </Box>
      )}
      <DiscardPrompt
        open={prompt}
        what="folder name"
        onDiscard={() => {
          setPrompt(false);
          onCancel();
        }}
        onBack={() => {
          setPrompt(false);
          setTimeout(() => input.current?.focus(), 0);
        }}
      />
    </Box>
  );
}
