import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { rootCauseLabel, sameCauseText, type RootCause } from '@stepwise/shared';

const localDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
};

/** A failed step's root-cause analysis: category, summary, the facts, what to do, and failures of the same cause. */
export function AiReasoning({ rootCause }: { rootCause: RootCause }) {
  return (
    <Box component="section" aria-label="AI reasoning" data-testid="ai-reasoning" sx={{ mt: 1, p: 1.25, borderRadius: 1, bgcolor: 'grey.50', border: 1, borderColor: 'grey.200' }}>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ m: 0, fontWeight: 600 }}>
        AI reasoning
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <Chip size="small" color="warning" variant="outlined" label={rootCauseLabel(rootCause.category)} data-testid="root-cause-category" />
      </Box>
      <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 500, wordBreak: 'break-word' }}>
        {rootCause.summary}
      </Typography>
      {rootCause.evidence.length > 0 && (
        <Box component="ul" aria-label="Evidence" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {rootCause.evidence.map((line, i) => (
            <Typography key={i} component="li" variant="body2" sx={{ fontSize: 12.5, wordBreak: 'break-word', color: 'text.secondary' }}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {rootCause.suggestedAction && (
        <Typography variant="body2" sx={{ mt: 0.75, fontSize: 13, wordBreak: 'break-word' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Suggested action:{' '}
          </Box>
          {rootCause.suggestedAction}
        </Typography>
      )}
      {rootCause.sameCause && (
        <Typography variant="body2" color="text.secondary" data-testid="same-cause" sx={{ mt: 0.75, fontSize: 12.5, fontStyle: 'italic' }}>
          {sameCauseText(rootCause.sameCause, localDate)}
        </Typography>
      )}
    </Box>
  );
}
