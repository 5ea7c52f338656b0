import AddIcon from '@mui/icons-material/Add';
import CenterFocusStrongOutlinedIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useReactFlow, useViewport } from '@xyflow/react';
import type { RefObject } from 'react';
import { FIT_OPTIONS } from './KeepInView';
import { MAX_ZOOM, MIN_ZOOM, stepZoom, zoomPercent } from './zoom';

/** Zoom out / level / zoom in (steps of 0.1 between 0.5 and 2) and fit to the map. */
export function ZoomControls({ fitted }: { fitted: RefObject<boolean> }) {
  const flow = useReactFlow();
  const { zoom } = useViewport();
  const go = (direction: 1 | -1) => {
    fitted.current = false;
    void flow.zoomTo(stepZoom(flow.getZoom(), direction));
  };
  const fit = () => {
    fitted.current = true;
    void flow.fitView({ ...FIT_OPTIONS, duration: 150 });
  };
  return (
    <Paper
      role="group"
      aria-label="Zoom"
      elevation={2}
      sx={{ position: 'absolute', right: 16, top: 16, zIndex: 5, display: 'flex', alignItems: 'center', px: 0.5 }}
    >
      <Tooltip title="Zoom out">
        <span>
          <IconButton aria-label="Zoom out" onClick={() => go(-1)} disabled={zoom <= MIN_ZOOM + 1e-6}>
            <RemoveIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography data-testid="zoom-level" aria-live="polite" variant="body2" sx={{ minWidth: 48, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
        {zoomPercent(zoom)}
      </Typography>
      <Tooltip title="Zoom in">
        <span>
          <IconButton aria-label="Zoom in" onClick={() => go(1)} disabled={zoom >= MAX_ZOOM - 1e-6}>
            <AddIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Fit the map">
        <IconButton aria-label="Fit the map" onClick={fit}>
          <CenterFocusStrongOutlinedIcon />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
