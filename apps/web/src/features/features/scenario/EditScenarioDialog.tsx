import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { compareTags, NAME_MAX, scenarioNameError, tagError, WS_MSG } from '@stepwise/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { useToast } from '../../../components/toast/toast-context';
import type { FeatureNode } from '../features.api';
import { type GherkinKeywords, useGherkinKeywords } from '../gherkin-dialect';
import { renameScenarioText, scenarioParameters, setScenarioParameters, setScenarioTags, type ScenarioParameter } from '../gherkin-text';
import { scenarioView, type ScenarioView } from '../scenario-content';
import { DiscardPrompt } from '../tree/DiscardPrompt';
import { isReloaded } from '../../workspace/write-conflict';
import { useScenarioWrites } from '../use-scenario-writes';
import { parameterErrors } from './scenario-parameters';

export interface EditScenarioDialogProps {
  feature: FeatureNode;
  index: number;
  allTags: string[];
  onClose: () => void;
}

/** Edit scenario: name, tags and parameters (the Examples table as key/value rows), saved with push-scenario. */
export function EditScenarioDialog(props: EditScenarioDialogProps) {
  const kw = useGherkinKeywords(props.feature.content);
  const scenario = kw ? scenarioView(props.feature, props.index, kw) : undefined;
  if (!kw || !scenario) {
    return (
      <AppDialog open onClose={props.onClose} aria-label="Edit scenario">
        <CircularProgress sx={{ m: 4, alignSelf: 'center' }} aria-label="Loading scenario" />
      </AppDialog>
    );
  }
  return <EditScenarioForm {...props} kw={kw} scenario={scenario} />;
}

type Row = ScenarioParameter & { id: number };

function EditScenarioForm({ feature, index, allTags, onClose, kw, scenario }: EditScenarioDialogProps & { kw: GherkinKeywords; scenario: ScenarioView }) {
  const id = useId();
  const writes = useScenarioWrites();
  const toast = useToast();
  const nextId = useRef(0);
  const withId = (p: ScenarioParameter): Row => ({ ...p, id: nextId.current++ });
  const [initialParams] = useState(() => scenarioParameters(scenario.content, kw));
  const [name, setName] = useState(scenario.name);
  const [tags, setTags] = useState(scenario.tags);
  const [tagInput, setTagInput] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(() => initialParams.rows.map(withId));
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  // The commit the form was filled from.
  const [base] = useState(writes.shownCommit);

  const siblings = (feature.scenarios ?? []).map((s) => s.name).filter((_n, i) => i !== index);
  const nameChanged = name.trim() !== scenario.name || name.startsWith(' ');
  const nameProblem = nameChanged ? scenarioNameError(name, scenario.name, siblings) : null;
  const params = rows.map((r) => ({ key: r.key.trim(), value: r.value.trim() }));
  const rowErrors = parameterErrors(params);
  const paramsChanged = JSON.stringify(params) !== JSON.stringify(initialParams.rows);
  const tagsChanged = tags.join(' ') !== scenario.tags.join(' ');
  const dirty = nameChanged || tagsChanged || (initialParams.editable && paramsChanged);
  const missingKey = rowErrors.some((e) => e === WS_MSG.fillAllFields);
  const options = [...new Set([...allTags, ...tags])].sort(compareTags);

  function addTag(raw: string): boolean {
    const tag = raw.trim().replace(/^@/, '');
    if (!tag) return true;
    const problem = tagError(tag);
    setTagProblem(problem);
    if (problem) return false;
    if (!tags.includes(tag)) setTags([...tags, tag]);
    setTagInput('');
    return true;
  }

  function updateRow(rowId: number, patch: Partial<ScenarioParameter>) {
    setRows((list) => list.map((r) => (r.id === rowId ? { ...r, ...patch } : r)));
  }

  function addRow() {
    const row = withId({ key: '', value: '' });
    setRows((list) => [...list, row]);
    setFocusRow(row.id);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (tagInput.trim() && !addTag(tagInput)) return;
    if (nameProblem || rowErrors.some(Boolean) || !dirty) return;
    let text = scenario.content;
    if (nameChanged) text = renameScenarioText(text, name.trim(), kw);
    if (tagsChanged) text = setScenarioTags(text, tags, kw);
    if (initialParams.editable && paramsChanged) text = setScenarioParameters(text, params, kw);
    setBusy(true);
    setError(null);
    try {
      await writes.saveScenario(feature, index, text, undefined, base);
      toast.success('Scenario updated');
      onClose();
    } catch (err) {
      if (isReloaded(err)) return onClose();
      setError((err as Error).message);
      setBusy(false);
    }
  }

  const cancel = () => (dirty ? setDiscarding(true) : onClose());

  return (
    <AppDialog open onClose={busy ? undefined : cancel} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Edit scenario</DialogTitle>
      <DialogContent>
        <form id={`${id}-form`} noValidate onSubmit={submit}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Scenario name"
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              error={!!nameProblem}
              helperText={nameProblem ?? `${scenario.type} in ${feature.name}`}
              slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
            />
            <Autocomplete
              multiple
              freeSolo
              autoHighlight
              options={options}
              value={tags}
              inputValue={tagInput}
              onInputChange={(_e, v, reason) => {
                if (reason === 'reset') return;
                setTagInput(v);
                setTagProblem(v.trim() ? tagError(v.trim().replace(/^@/, '')) : null);
              }}
              onChange={(_e, value, reason, details) => {
                if (reason === 'createOption' || reason === 'selectOption') {
                  addTag(String(details?.option ?? ''));
                  return;
                }
                setTags((value as string[]).filter((t) => typeof t === 'string'));
              }}
              renderValue={(value, getItemProps) =>
                value.map((tag, i) => {
                  const { key, ...itemProps } = getItemProps({ index: i });
                  return <Chip key={key} {...itemProps} size="small" color="primary" variant="outlined" label={`@${tag}`} />;
                })
              }
              renderOption={({ key, ...optionProps }, option) => (
                <li key={key} {...optionProps}>
                  @{option}
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Tags"
                  placeholder={tags.length ? '' : 'regression'}
                  error={!!tagProblem}
                  helperText={tagProblem ?? 'Enter adds a tag'}
                />
              )}
            />
            <Box component="section" aria-labelledby={`${id}-params`}>
              <Typography id={`${id}-params`} variant="subtitle2" component="h3">
                Parameters
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Write {'<key>'} in a step to use the value. They are saved as the scenario's Examples table.
              </Typography>
              {!initialParams.editable ? (
                <Alert severity="info">
                  This scenario has {initialParams.exampleRows} example rows. Edit them in the Gherkin editor.
                </Alert>
              ) : (
                <>
                  {rows.length > 0 && (
                    <Box role="table" aria-label="Parameters" sx={{ display: 'grid', gridTemplateColumns: '1fr 1.6fr 40px', columnGap: 1.5, rowGap: 1, alignItems: 'start' }}>
                      <Box role="row" sx={{ display: 'contents' }}>
                        <Typography role="columnheader" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                          Key
                        </Typography>
                        <Typography role="columnheader" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                          Value
                        </Typography>
                        <span role="columnheader" aria-label="Actions" />
                      </Box>
                      {rows.map((row, i) => {
                        const problem = rowErrors[i];
                        // An empty key shows once the user tries to save, with one message under the table.
                        const missing = problem === WS_MSG.fillAllFields;
                        return (
                          <Box role="row" key={row.id} sx={{ display: 'contents' }}>
                            <Box role="cell">
                              <TextField
                                size="small"
                                placeholder="username"
                                value={row.key}
                                autoFocus={focusRow === row.id}
                                onChange={(e) => updateRow(row.id, { key: e.target.value })}
                                error={missing ? submitted : !!problem}
                                helperText={missing ? undefined : problem}
                                slotProps={{ htmlInput: { 'aria-label': `Key ${i + 1}`, maxLength: 200 } }}
                              />
                            </Box>
                            <Box role="cell">
                              <TextField
                                size="small"
                                placeholder="buyer@example.com"
                                value={row.value}
                                onChange={(e) => updateRow(row.id, { value: e.target.value })}
                                slotProps={{ htmlInput: { 'aria-label': `Value ${i + 1}`, maxLength: 2000 } }}
                              />
                            </Box>
                            <Box role="cell">
                              <Tooltip title="Remove parameter">
                                <IconButton aria-label={`Remove parameter ${i + 1}`} onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}>
                                  <DeleteOutlinedIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </Box>
                          </Box>
                        );
                      })}
                    </Box>
                  )}
                  <Button size="small" startIcon={<AddIcon />} onClick={addRow} sx={{ mt: rows.length ? 1 : 0 }}>
                    Add parameter
                  </Button>
                </>
              )}
            </Box>
            {submitted && missingKey && <Alert severity="error">{WS_MSG.fillAllFields}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="contained"
          disabled={busy || !dirty || !!nameProblem}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
      <DiscardPrompt
        open={discarding}
        what="change"
        onBack={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          onClose();
        }}
      />
    </AppDialog>
  );
}
