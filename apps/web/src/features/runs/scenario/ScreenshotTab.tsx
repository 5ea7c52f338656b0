import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { EmptyPanel } from './EmptyPanel';
import { useScreenshot } from './use-screenshot';

export const NO_SCREENSHOT = 'No screenshot available';

interface Props {
  projectId: string;
  runId: string;
  screenshotId: string | null | undefined;
  alt: string;
}

/** The step's (or command's) screenshot; a failed load leaves an empty image. */
export function ScreenshotTab({ projectId, runId, screenshotId, alt }: Props) {
  const shot = useScreenshot(projectId, runId, screenshotId);
  if (shot.status === 'none') return <EmptyPanel text={NO_SCREENSHOT} />;
  if (shot.status === 'loading') return <Skeleton variant="rectangular" height={320} />;
  return (
    <Box
      component="img"
      src={shot.status === 'ready' ? shot.url : undefined}
      alt={alt}
      data-testid="step-screenshot"
      sx={{ display: 'block', width: '100%', minHeight: shot.status === 'error' ? 240 : undefined, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100' }}
    />
  );
}
