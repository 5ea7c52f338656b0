import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { EnvironmentField } from '../plain-english/EnvironmentField';
import { IdeaCard } from './IdeaCard';
import { chosen, updateRow, type IdeaRow } from './ideas-state';

export interface IdeasStepProps {
  env: string | null;
  description: string;
  onDescription: (text: string) => void;
  onGenerate: () => void;
  generating: boolean;
  /** The ideas of the last answer (null before the first). */
  rows: IdeaRow[] | null;
  onRows: (rows: IdeaRow[]) => void;
  /** The spec's validation message for the chosen ideas, once Next was pressed. */
  validation: string | null;
  /** The server's error, as returned. */
  fetchError: string | null;
  allowance: number;
  touched: boolean;
}

/** Above this, the plan's allowance is not worth a mention. */
const SHOWN_ALLOWANCE = 100;

/** Step 1: describe what to test, get ideas, choose and edit them. */
export function IdeasStep(p: IdeasStepProps) {
  const rows = p.rows ?? [];
  const picked = chosen(rows).length;
  const message = useRef<HTMLDivElement>(null);
  // The message sits above the ideas: brought into view when Next is pressed far down the list.
  useEffect(() => {
    if (p.validation) message.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [p.validation]);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <EnvironmentField env={p.env} touched={p.touched} />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Describe what to test"
          placeholder="e.g. search and buy a product"
          value={p.description}
          onChange={(e) => p.onDescription(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              p.onGenerate();
            }
          }}
          multiline
          maxRows={4}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          variant="outlined"
          onClick={p.onGenerate}
          disabled={p.generating || !p.description.trim()}
          startIcon={p.generating ? <CircularProgress size={16} color="inherit" /> : <AutoAwesomeOutlinedIcon />}
          sx={{ flexShrink: 0, mt: 1 }}
        >
          {p.generating ? 'Getting ideas...' : 'Get ideas'}
        </Button>
      </Stack>
      {p.generating && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Reading the pages of your application and what your runs did there...
          </Typography>
          <LinearProgress aria-label="Getting ideas" />
        </Box>
      )}
      {p.fetchError && !p.generating && <Alert severity="error">{p.fetchError}</Alert>}
      {p.validation && (
        <Alert ref={message} severity="error">
          {p.validation}
        </Alert>
      )}
      {p.rows && p.rows.length === 0 && !p.generating && (
        <Alert severity="info">No ideas came out of what is known of the application. Describe it in other words, or run a scenario first so that its pages are known.</Alert>
      )}
      {rows.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary">
            {picked} of {rows.length} selected
            {p.allowance <= SHOWN_ALLOWANCE ? ` · your plan allows ${p.allowance} more ${p.allowance === 1 ? 'scenario' : 'scenarios'}` : ''}
          </Typography>
          <Stack component="ul" aria-label="Scenario ideas" spacing={1.5} sx={{ m: 0, p: 0 }}>
            {rows.map((row, i) => (
              <IdeaCard key={row.id} row={row} number={i + 1} onChange={(patch) => p.onRows(updateRow(rows, row.id, patch))} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
