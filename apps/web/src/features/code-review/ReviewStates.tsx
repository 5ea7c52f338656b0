import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/EmptyState';

/** Placeholders of the list while it loads. */
export function ReviewSkeleton() {
  return (
    <Paper variant="outlined" role="status" aria-label="Loading code fixes" aria-busy sx={{ p: 2 }}>
      <Skeleton variant="rounded" width={220} height={28} sx={{ mb: 2 }} />
      {[0, 1].map((i) => (
        <Stack key={i} spacing={1} sx={{ mb: 2.5 }}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="text" width="45%" />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="rounded" height={110} />
        </Stack>
      ))}
    </Paper>
  );
}

export function ReviewEmpty() {
  return (
    <EmptyState
      icon={<RateReviewOutlinedIcon />}
      title="No code fixes to review"
      text="Code fixes come from executions that run with AI recovery on: when a step fails because an element of the page changed, the AI repairs its locator, retries the step, and the fix waits here for you to accept or discard."
    />
  );
}

export function ReviewError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<CloudOffOutlinedIcon />}
      title="Error loading code fixes"
      text={
        <>
          Couldn't load the code fixes of this project
          <br />
          Check your connection and try again
          <Typography component="span" variant="caption" sx={{ display: 'block', mt: 1 }}>
            {message}
          </Typography>
        </>
      }
      action={
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
