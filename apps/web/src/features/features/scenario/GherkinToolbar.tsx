import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ScenarioViewOption } from '../feature-selection';
import { AI_UNAVAILABLE } from './AiUnavailable';
import { ToolbarMenu } from './ToolbarMenu';

export interface GherkinToolbarProps {
  editMode: boolean;
  onEditMode: (on: boolean) => void;
  view: ScenarioViewOption;
  onViewChange: (view: ScenarioViewOption) => void;
  /** Opens the edit-scenario dialog (name, tags, parameters). */
  onEdit: () => void;
  onViewCode: () => void;
  /** Steps without code (null while that is being checked); Generate code with AI writes theirs. */
  todo: number | null;
  onGenerate: () => void;
  executeUrl: string;
  busy?: boolean;
}

const VIEW_LABELS: Record<ScenarioViewOption, string> = { both: 'Gherkin and steps', gherkin: 'Gherkin', steps: 'Steps' };

/** Generate code, Edit scenario and Execute menus, the view toggle and the edit-mode switch. */
export function GherkinToolbar({ editMode, onEditMode, view, onViewChange, onEdit, onViewCode, todo, onGenerate, executeUrl, busy }: GherkinToolbarProps) {
  const generateHint = todo === null ? 'Checking which steps have code' : todo === 0 ? 'Every step has code' : `For the ${todo === 1 ? 'step' : `${todo} steps`} without code, from the pages they start on`;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
      <ToolbarMenu
        label="Generate code"
        icon={<AutoAwesomeOutlinedIcon />}
        entries={[
          { label: 'Generate code with AI', hint: generateHint, disabled: !todo, onClick: onGenerate },
          { label: 'View step code', onClick: onViewCode },
        ]}
      />
      <ToolbarMenu
        label="Edit scenario"
        icon={<EditOutlinedIcon />}
        entries={[
          { label: 'Name, tags and parameters', onClick: onEdit },
          { label: 'Edit Gherkin', onClick: () => onEditMode(true), disabled: editMode },
          { label: 'Update with AI', hint: AI_UNAVAILABLE, disabled: true, onClick: () => {} },
        ]}
      />
      <ToolbarMenu
        label="Execute"
        icon={<PlayArrowOutlinedIcon />}
        entries={[{ label: 'Run in the Stepwise client', onClick: () => window.open(executeUrl, '_blank') }]}
      />
      <Box sx={{ flex: 1 }} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_e, next: ScenarioViewOption | null) => next && onViewChange(next)}
        aria-label="Scenario view"
      >
        {(Object.keys(VIEW_LABELS) as ScenarioViewOption[]).map((v) => (
          <ToggleButton key={v} value={v} sx={{ px: 1.5, py: 0.25, textTransform: 'none' }}>
            {VIEW_LABELS[v]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControlLabel
        control={<Switch checked={editMode} disabled={busy} onChange={(e) => onEditMode(e.target.checked)} />}
        label="Edit mode"
        sx={{ mr: 0, ml: 1 }}
      />
    </Stack>
  );
}
