import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/AppDialog';

function Choice({ icon, title, text, disabled, onClick }: { icon: ReactNode; title: string; text: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, opacity: disabled ? 0.6 : 1 }}>
      <CardActionArea disabled={disabled} onClick={onClick} sx={{ p: 2, height: '100%' }} aria-label={title}>
        <Stack spacing={1} sx={{ color: 'primary.main' }}>
          {icon}
          <Typography variant="subtitle1" sx={{ fontWeight: 700, color: 'text.primary' }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

export interface CreateScenarioChooserProps {
  onRecorder: () => void;
  onGherkin: () => void;
  onPlainEnglish: () => void;
  onClose: () => void;
}

/** Create a scenario: AI Recorder, Gherkin file or Plain English. */
export function CreateScenarioChooser({ onRecorder, onGherkin, onPlainEnglish, onClose }: CreateScenarioChooserProps) {
  return (
    <AppDialog open onClose={onClose} maxWidth="md" aria-labelledby="chooser-title">
      <DialogTitle id="chooser-title">Create a scenario</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2}>
          <Choice icon={<FiberManualRecordIcon />} title="AI Recorder" text="Click through your application in a browser shown on this page: each action becomes a step with its code." onClick={onRecorder} />
          <Choice icon={<DescriptionOutlinedIcon />} title="Gherkin file" text="Pick or add a feature, then write the scenario yourself or choose from AI ideas." onClick={onGherkin} />
          <Choice
            icon={<AutoAwesomeOutlinedIcon />}
            title="Plain English"
            text="Describe the steps in English: each is tried in a browser and gets code that works there."
            onClick={onPlainEnglish}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
