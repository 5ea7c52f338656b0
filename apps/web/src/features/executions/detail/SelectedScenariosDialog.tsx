import CodeIcon from '@mui/icons-material/Code';
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
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { StepCodeModal } from '../../features/step-code/StepCodeModal';
import { WorkspaceBranch } from '../../workspace/use-workspace';
import { featureLink, groupByFeature } from '../logic/features';

interface Props {
  projectId: string;
  /** The execution's branch: the step code shown is that branch's. */
  branch: string;
  groupName: string;
  scenarios: ScenarioReference[];
  onClose: () => void;
}

/**
 * "Selected scenarios": the features of a group and their scenarios; the eye opens one in a new tab,
 * the code button shows its steps and their code (the step code viewer and editor of the features
 * area, on the execution's branch).
 */
export function SelectedScenariosDialog({ projectId, branch, groupName, scenarios, onClose }: Props) {
  const groups = groupByFeature(scenarios);
  const [code, setCode] = useState<{ featurePath: string; scenarioName: string } | null>(null);
  if (code) {
    return (
      <WorkspaceBranch.Provider value={branch}>
        <StepCodeModal featurePath={code.featurePath} scenarioName={code.scenarioName} initialStep={0} onClose={() => setCode(null)} />
      </WorkspaceBranch.Provider>
    );
  }
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
                    sx={{ pl: 3, pr: 10 }}
                    secondaryAction={
                      g.featurePath.startsWith('#') ? null : (
                        <>
                          <Tooltip title="Steps and their code">
                            <IconButton size="small" aria-label={`Step code of ${s.name}`} onClick={() => setCode({ featurePath: g.featurePath, scenarioName: s.name })}>
                              <CodeIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
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
                        </>
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
