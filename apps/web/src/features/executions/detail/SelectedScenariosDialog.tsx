import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import type { ScenarioReference } from '@stepwise/shared';
import { AppDialog } from '../../../components/AppDialog';
import { featureLink, groupByFeature } from '../logic/features';

interface Props {
  projectId: string;
  groupName: string;
  scenarios: ScenarioReference[];
  onClose: () => void;
}

/** "Selected scenarios": the features of a group and their scenarios; the eye opens one in a new tab. */
export function SelectedScenariosDialog({ projectId, groupName, scenarios, onClose }: Props) {
  const groups = groupByFeature(scenarios);
  return (
    <AppDialog open onClose={onClose} aria-labelledby="selected-scenarios-title">
      <DialogTitle id="selected-scenarios-title">Selected scenarios</DialogTitle>
      <DialogContent>
        <List dense aria-label={`Scenarios of ${groupName}`} disablePadding>
          {groups.map((g) => (
            <li key={g.featurePath}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ bgcolor: 'grey.50', lineHeight: '36px', fontWeight: 600 }}>{g.featureName}</ListSubheader>
                {g.scenarios.map((s) => (
                  <ListItem
                    key={s.scenarioIndex}
                    sx={{ pl: 3 }}
                    secondaryAction={
                      g.featurePath.startsWith('#') ? null : (
                        <Tooltip title="Open in Features">
                          <IconButton
                            edge="end"
                            size="small"
                            aria-label={`Open ${s.name}`}
                            href={featureLink(projectId, g.featurePath, s.scenarioIndex)}
                            target="_blank"
                            rel="noreferrer"
                          >
                            <VisibilityOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )
                    }
                  >
                    <ListItemText primary={s.name} />
                  </ListItem>
                ))}
              </ul>
            </li>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
