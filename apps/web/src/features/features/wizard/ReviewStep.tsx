import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReviewedIdea } from './ideas-state';

export interface ReviewStepProps {
  ideas: ReviewedIdea[];
  /** Where they go: the feature's path, the environment the steps are tried at, the branch. */
  feature: string;
  env: string | null;
  branch: string;
  /** The idea being saved now, and those saved already. */
  saving: string | null;
  saved: ReadonlySet<string>;
}

/** Step 2: the Gherkin each chosen idea becomes (names made unique), and the progress while they are saved. */
export function ReviewStep({ ideas, feature, env, branch, saving, saved }: ReviewStepProps) {
  const current = ideas.findIndex((i) => i.id === saving);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {ideas.length === 1 ? 'This scenario goes' : `These ${ideas.length} scenarios go`} to <strong>{feature}</strong> on <strong>{branch}</strong>, tagged
        @regression. When you save, each step is tried {env ? <>at <strong>{env}</strong></> : 'in your application'} and gets code that works there.
      </Typography>
      {saving !== null && (
        <Box>
          <Typography variant="subtitle2" aria-live="polite" data-testid="ideas-save-progress" sx={{ mb: 1 }}>
            Generating the code of {ideas[current]?.name} ({current + 1} of {ideas.length})...
          </Typography>
          <LinearProgress variant="determinate" value={(100 * saved.size) / ideas.length} aria-label="Saving the scenarios" />
        </Box>
      )}
      {ideas.map((idea) => (
        <Paper key={idea.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
              {idea.name}
            </Typography>
            {saved.has(idea.id) ? (
              <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Saved" />
            ) : idea.id === saving ? (
              <Chip size="small" color="primary" label="Generating code" />
            ) : null}
          </Stack>
          <Box
            component="pre"
            aria-label={`Gherkin of ${idea.name}`}
            sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          >
            {idea.gherkin}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
