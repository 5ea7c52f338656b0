import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Button from '@mui/material/Button';
import { useStartRecorder } from './use-start-recorder';

/** AI Recorder button of the top bar. */
export function RecorderButton() {
  const start = useStartRecorder();
  return (
    <Button variant="contained" size="small" startIcon={<FiberManualRecordIcon />} onClick={() => start()} data-tour="recorder">
      AI Recorder
    </Button>
  );
}
