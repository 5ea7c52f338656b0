import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScenarioStep } from '../gherkin-text';
import { useStepIndex } from '../use-steps';
import { StepBar } from './StepBar';

export interface StepListProps {
  /** The scenario's steps, read from its text. */
  steps: ScenarioStep[];
  onComment: (stepIndex: number) => void;
  onGenerate: (stepIndex: number) => void;
  onImplementApi: (stepIndex: number) => void;
  onViewCode: (stepIndex: number) => void;
}

/** The scenario's steps, each with its step bar. */
export function StepList({ steps, onComment, onGenerate, onImplementApi, onViewCode }: StepListProps) {
  const index = useStepIndex();
  return (
    <Box component="section" aria-label="Steps" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        Steps
      </Typography>
      {steps.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          No steps yet. Switch on Edit mode and write steps, for example: Given I am on the home page · When I click the "Sign in" link · Then I should see "Welcome"
        </Typography>
      ) : (
        <Box role="list" aria-label="Scenario steps">
          {steps.map((step, i) => (
            <StepBar
              key={`${i}-${step.text}`}
              keyword={step.keyword}
              text={step.text}
              info={index?.get(step.text)}
              known={!!index}
              onComment={() => onComment(i)}
              onGenerate={() => onGenerate(i)}
              onImplementApi={() => onImplementApi(i)}
              onViewCode={() => onViewCode(i)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
