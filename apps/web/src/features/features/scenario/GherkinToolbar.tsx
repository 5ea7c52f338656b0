import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { AI_UNAVAILABLE } from './AiUnavailable';
import { ToolbarMenu } from './ToolbarMenu';

export interface GherkinToolbarProps {
  editMode: boolean;
  onEditMode: (on: boolean) => void;
  onRename: () => void;
  onViewCode: () => void;
  executeUrl: string;
  busy?: boolean;
}

/** Generate code, Edit scenario and Execute menus, and the edit-mode switch. */
export function GherkinToolbar({ editMode, onEditMode, onRename, onViewCode, executeUrl, busy }: GherkinToolbarProps) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
      <ToolbarMenu
        label="Generate code"
        icon={<AutoAwesomeOutlinedIcon />}
        entries={[
          { label: 'Generate code with AI', hint: AI_UNAVAILABLE, disabled: true, onClick: () => {} },
          { label: 'View step code', onClick: onViewCode },
        ]}
      />
      <ToolbarMenu
        label="Edit scenario"
        icon={<EditOutlinedIcon />}
        entries={[
          { label: 'Rename scenario', onClick: onRename },
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
      <FormControlLabel
        control={<Switch checked={editMode} disabled={busy} onChange={(e) => onEditMode(e.target.checked)} />}
        label="Edit mode"
        sx={{ mr: 0 }}
      />
    </Stack>
  );
}
