import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { UnusedStep } from './code-cleanup.api';

export const stepKey = (s: UnusedStep) => `${s.uri}:${s.line}:${s.pattern}`;

/** Unused definitions grouped by file, each with a checkbox. */
export function UnusedStepsList({ steps, selected, onToggle }: { steps: UnusedStep[]; selected: ReadonlySet<string>; onToggle: (key: string) => void }) {
  const files = [...new Set(steps.map((s) => s.uri))];
  return (
    <List dense aria-label="Unused step definitions" sx={{ maxHeight: 482, overflowY: 'auto' }}>
      {files.map((file) => (
        <li key={file}>
          <ul style={{ padding: 0 }}>
            <ListSubheader sx={{ fontFamily: 'monospace', bgcolor: 'grey.50' }}>{file}</ListSubheader>
            {steps
              .filter((s) => s.uri === file)
              .map((s) => {
                const key = stepKey(s);
                const label = `${s.keyword} ${s.pattern}`;
                return (
                  <ListItem key={key} disablePadding>
                    <ListItemButton onClick={() => onToggle(key)}>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Checkbox edge="start" checked={selected.has(key)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': label } }} />
                      </ListItemIcon>
                      <ListItemText primary={label} secondary={`Line ${s.line}`} slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
          </ul>
        </li>
      ))}
    </List>
  );
}
