import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ScenarioGroup } from '@stepwise/shared';
import { maxThreadsFor } from '../logic/threads';
import { ThreadCountControl } from '../planner/ThreadCountControl';

interface Props {
  id: string;
  group: ScenarioGroup;
  threadAllowance: number;
  onThreads: (n: number) => void;
  onShowScenarios: () => void;
  onDelete: () => void;
}

/** One scenario group of a flow: drag handle, name and tags, scenario count, threads, delete. */
export function ScenarioGroupRow({ id, group, threadAllowance, onThreads, onShowScenarios, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const count = group.scenarios.length;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="scenario-group"
      aria-label={group.name}
      role="listitem"
      sx={{ px: 1.5, py: 1, transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, bgcolor: 'background.paper', zIndex: isDragging ? 1 : 'auto', position: 'relative' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <IconButton size="small" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag ${group.name}`} sx={{ cursor: 'grab' }}>
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {group.name}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {group.tags.map((t) => (
              <Chip key={t} size="small" variant="outlined" label={`@${t}`} sx={{ height: 20 }} />
            ))}
          </Stack>
        </Stack>
        <Button size="small" onClick={onShowScenarios} aria-label={`${count} scenarios in ${group.name}`}>
          {count} {count === 1 ? 'scenario' : 'scenarios'}
        </Button>
        <ThreadCountControl value={group.threadCount} max={maxThreadsFor(threadAllowance, count)} onChange={onThreads} label={`Threads for ${group.name}`} />
        <Tooltip title="Delete scenario group">
          <IconButton size="small" aria-label={`Delete ${group.name}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
