import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Command } from '@stepwise/shared';
import { commandLabel, msBetween, secondsText } from '../logic/timeline';
import { StatusIcon } from './StatusIcon';

interface Props {
  commands: readonly Command[];
  selected: number;
  onSelect: (index: number) => void;
}

/** The commands of the selected step, each with its status and time in seconds. */
export function CommandList({ commands, selected, onSelect }: Props) {
  return (
    <List dense disablePadding aria-label="Commands" sx={{ mt: 1 }}>
      {commands.map((c, i) => (
        <ListItemButton
          key={i}
          selected={i === selected}
          onClick={(e) => {
            e.stopPropagation();
            onSelect(i);
          }}
          aria-label={`${commandLabel(c)}: ${c.text}`}
          data-testid="command-item"
          sx={{ borderRadius: 1, py: 0.5 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', minWidth: 0 }}>
            <StatusIcon status={c.result.status} />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {commandLabel(c)}
            </Typography>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={c.text}>
              {c.text}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="command-time">
              {secondsText(msBetween(c.result.startTime, c.result.endTime))}
            </Typography>
          </Stack>
        </ListItemButton>
      ))}
    </List>
  );
}
