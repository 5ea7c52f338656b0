import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GeneratedStepDto } from '@stepwise/shared';
import { CodeEditor } from '../../../components/code/LazyCode';
import type { PlainEnglishResult } from './plain-english.api';
import { SOURCE_CHIPS } from './plain-english-state';

function StepRow({ step, last }: { step: GeneratedStepDto; last: boolean }) {
  const chip = SOURCE_CHIPS[step.source];
  const name = `${step.keyword} ${step.text}`;
  return (
    <ListItem aria-label={name} divider={!last} sx={{ alignItems: 'flex-start', gap: 1.5, py: 1 }}>
      <Chip size="small" label={chip.label} color={chip.color} title={chip.title} data-testid="step-source" sx={{ fontWeight: 700, minWidth: 72, mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <Box component="span" sx={{ color: 'primary.main' }}>
            {step.keyword}
          </Box>{' '}
          {step.text}
        </Typography>
        {step.reasoning && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
            {step.reasoning}
          </Typography>
        )}
        {step.source === 'ai' && step.expression && (
          <Typography variant="caption" color="text.secondary" component="div">
            Step: <code>{step.expression}</code>
          </Typography>
        )}
        {step.source === 'stub' && step.candidates.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="div">
            Elements considered: {step.candidates.map((c, i) => (
              <code key={i}>
                {i > 0 ? ', ' : ''}
                {c}
              </code>
            ))}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}

/** The steps as saved (library, generated or to do) and the scenario's Gherkin. */
export function GenerationResult({ result }: { result: PlainEnglishResult }) {
  const stubs = result.steps.filter((s) => s.source === 'stub').length;
  const where = result.path.replace(/\.feature$/, '');
  return (
    <Stack spacing={2}>
      {stubs === 0 ? (
        <Alert severity="success">
          Every step has code that passed in the browser. "{result.scenarioName ?? 'The scenario'}" is saved in {where}.
        </Alert>
      ) : (
        <Alert severity="warning">
          "{result.scenarioName ?? 'The scenario'}" is saved in {where}, but {stubs === 1 ? '1 step has' : `${stubs} steps have`} no working
          code yet: {stubs === 1 ? 'it is' : 'they are'} marked TODO, with a stub to complete in the step code.
        </Alert>
      )}
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Steps
        </Typography>
        <List dense disablePadding aria-label="Generated steps" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {result.steps.map((s, i) => (
            <StepRow key={i} step={s} last={i === result.steps.length - 1} />
          ))}
        </List>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Saved Gherkin
        </Typography>
        <CodeEditor value={result.gherkin.trimEnd()} language="gherkin" readOnly ariaLabel="Saved Gherkin" minHeight={80} maxHeight={260} />
      </Box>
    </Stack>
  );
}
