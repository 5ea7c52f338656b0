import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ParseError } from '@stepwise/shared';
import { useState } from 'react';
import { CodeEditor } from '../../../components/code/LazyCode';
import { useToast } from '../../../components/toast/toast-context';
import { isReloaded } from '../../workspace/write-conflict';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { useScenarioWrites } from '../use-scenario-writes';

const describe = (e: ParseError) => (e.line ? `Line ${e.line}${e.column ? `, column ${e.column}` : ''}: ${e.message}` : e.message);

/** A feature file that does not parse: the parser's error and the whole file to fix; nothing typed is lost. */
export function ParseErrorEditor({ feature }: { feature: FeatureNode }) {
  const writes = useScenarioWrites();
  const guard = useWriteGuard();
  const toast = useToast();
  const [draft, setDraft] = useState(feature.content ?? '');
  // The commit the draft started from; a save or a reload moves it.
  const [base, setBase] = useState(writes.shownCommit);
  const [parseError, setParseError] = useState<ParseError | null>(feature.parseError ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!guard.canWrite()) return;
    setBusy(true);
    setError(null);
    try {
      const result = await writes.saveFile(feature, draft, base);
      setBase(result.commit);
      setParseError(result.parseError ?? null);
      toast.success(result.parseError ? 'Saved; the feature still has a syntax error' : 'Feature saved');
    } catch (err) {
      if (isReloaded(err)) {
        setDraft(err.stale.content ?? '');
        setBase(err.stale.commit);
        return;
      }
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5}>
      <Typography variant="h5" component="h1">
        {feature.name}
      </Typography>
      {parseError && (
        <Alert severity="error">
          <AlertTitle>This feature has a syntax error</AlertTitle>
          <Typography variant="body2">{describe(parseError)}</Typography>
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Fix the file below and save it; the whole file is saved as you typed it.
      </Typography>
      <CodeEditor value={draft} language="gherkin" onChange={setDraft} ariaLabel={`Edit ${feature.name}`} minHeight={240} maxHeight={560} focusLine={parseError?.line ?? null} />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={save} disabled={busy || draft === feature.content} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save file
        </Button>
      </Stack>
    </Stack>
  );
}
