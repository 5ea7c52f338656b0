import AspectRatioIcon from '@mui/icons-material/AspectRatio';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UI } from '@stepwise/shared';
import { useWindowSize } from './use-window-size';

/** Covers the app when the window is below 1024 x 600. */
export function WindowTooSmall() {
  const { width, height } = useWindowSize();
  if (width >= UI.minWindowWidth && height >= UI.minWindowHeight) return null;
  return (
    <Box
      role="alertdialog"
      aria-labelledby="too-small-title"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (t) => t.zIndex.modal + 10,
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
      }}
    >
      <AspectRatioIcon color="primary" sx={{ fontSize: 48, mb: 2 }} />
      <Typography id="too-small-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Your window is too small
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        Resize your browser window to at least {UI.minWindowWidth} × {UI.minWindowHeight} pixels, or zoom out, to use Stepwise.
      </Typography>
    </Box>
  );
}
