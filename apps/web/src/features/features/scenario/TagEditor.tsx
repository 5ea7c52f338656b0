import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { compareTags, tagError } from '@stepwise/shared';
import { useState } from 'react';

export interface TagEditorProps {
  tags: string[];
  allTags: string[];
  disabled?: boolean;
  /** Saves the scenario's new tag list; throws with the text to show. */
  onChange: (tags: string[]) => Promise<void>;
}

/** The scenario's tags as chips, and Add tag: a new tag is added, an existing one toggles. */
export function TagEditor({ tags, allTags, disabled, onChange }: TagEditorProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = [...new Set([...allTags, ...tags])].sort(compareTags);

  async function apply(next: string[]) {
    setBusy(true);
    setError(null);
    try {
      await onChange(next);
      setInput('');
      setAnchor(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function choose(raw: string) {
    const tag = raw.trim().replace(/^@/, '');
    if (!tag) return;
    const problem = tagError(tag);
    if (problem) return setError(problem);
    void apply(tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]);
  }

  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label="Tags" role="group">
      {tags.map((t) => (
        <Chip key={t} label={`@${t}`} size="small" color="primary" variant="outlined" onDelete={disabled ? undefined : () => apply(tags.filter((x) => x !== t))} />
      ))}
      <Button size="small" startIcon={<AddIcon />} disabled={disabled || busy} onClick={(e) => setAnchor(e.currentTarget)}>
        Add tag
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => {
          setAnchor(null);
          setError(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, width: 300 } } }}
      >
        <Autocomplete
          freeSolo
          autoHighlight
          options={options}
          inputValue={input}
          onInputChange={(_e, v) => {
            setInput(v);
            setError(v.trim() ? tagError(v.trim()) : null);
          }}
          onChange={(_e, v) => typeof v === 'string' && choose(v)}
          value={null}
          disabled={busy}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
              <CheckIcon fontSize="small" sx={{ visibility: tags.includes(option) ? 'visible' : 'hidden' }} />@{option}
            </Box>
          )}
          renderInput={(params) => (
            <TextField {...params} autoFocus size="small" label="Tag" placeholder="regression" error={!!error} helperText={error ?? 'Enter adds a tag; choosing one already set removes it'} />
          )}
        />
      </Popover>
    </Stack>
  );
}
