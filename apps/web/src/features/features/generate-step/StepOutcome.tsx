import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GenerateStepResult } from './generate-step.api';
import type { StepTarget } from './use-generate-step';

/** What became of one step: the server's answer, or the refusal's text. */
export interface Outcome {
  target: StepTarget;
  result?: GenerateStepResult;
  error?: string;
}

function Codes({ label, values }: { label: string; values: string[] }) {
  return (
    <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
      {label}{' '}
      {values.map((v, i) => (
        <Box component="code" key={i} sx={{ fontSize: '0.85em' }}>
          {i > 0 ? ', ' : ''}
          {v}
        </Box>
      ))}
    </Typography>
  );
}

function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <Box component="ul" aria-label="On the way" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {notes.map((n, i) => (
        <Typography component="li" variant="caption" key={i}>
          {n}
        </Typography>
      ))}
    </Box>
  );
}

/** One step's outcome: its code's reasoning (labelled AI), or why no code could be made and what was considered. */
export function StepOutcome({ outcome }: { outcome: Outcome }) {
  const name = `${outcome.target.keyword.trim()} ${outcome.target.text}`;
  const { result, error } = outcome;
  if (!result) {
    return (
      <Alert severity="error" aria-label={name}>
        <AlertTitle sx={{ fontFamily: 'monospace' }}>{name}</AlertTitle>
        {error}
      </Alert>
    );
  }
  const { step, notes, file } = result;
  if (step.source === 'ai') {
    return (
      <Alert severity="success" aria-label={name}>
        <AlertTitle>Code generated with AI for <Box component="span" sx={{ fontFamily: 'monospace' }}>{name}</Box></AlertTitle>
        <Typography variant="body2" data-testid="generate-step-reasoning" sx={{ whiteSpace: 'pre-wrap' }}>
          {step.reasoning}
        </Typography>
        {step.expression && <Codes label={`It passed in the browser and is saved in ${file ?? 'the AI steps file'} as`} values={[step.expression]} />}
        <Notes notes={notes} />
      </Alert>
    );
  }
  return (
    <Alert severity="warning" aria-label={name}>
      <AlertTitle>No code could be generated for <Box component="span" sx={{ fontFamily: 'monospace' }}>{name}</Box></AlertTitle>
      <Typography variant="body2" data-testid="generate-step-reasoning" sx={{ whiteSpace: 'pre-wrap' }}>
        {step.reasoning}
      </Typography>
      {step.candidates.length > 0 && <Codes label="Elements considered:" values={step.candidates} />}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Nothing was saved: the step stays TODO. Write its code by hand, or reword the step and generate again.
      </Typography>
      <Notes notes={notes} />
    </Alert>
  );
}
