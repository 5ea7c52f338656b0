import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BROWSERS, type Flow } from '@stepwise/shared';
import { SortableGroups } from './SortableGroups';

interface Props {
  index: number;
  flow: Flow;
  expanded: boolean;
  threadAllowance: number;
  onExpanded: (expanded: boolean) => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onAddGroup: () => void;
  onMoveGroup: (from: number, to: number) => void;
  onThreads: (groupIndex: number, n: number) => void;
  onShowScenarios: (groupIndex: number) => void;
  onDeleteGroup: (groupIndex: number) => void;
}

/** A flow: its browser and viewport, its scenario groups, and delete / duplicate / add group. */
export function FlowCard({ index, flow, expanded, threadAllowance, onExpanded, onDelete, onDuplicate, onAddGroup, onMoveGroup, onThreads, onShowScenarios, onDeleteGroup }: Props) {
  const title = `Flow ${index + 1}`;
  const browser = BROWSERS.find((b) => b.value === flow.browser)?.label ?? flow.browser;
  const scenarios = flow.scenarioGroups.reduce((n, g) => n + g.scenarios.length, 0);
  return (
    <Paper variant="outlined" data-testid="flow" component="section" aria-label={title}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1 }}>
        <IconButton size="small" aria-label={`${expanded ? 'Collapse' : 'Expand'} ${title}`} aria-expanded={expanded} onClick={() => onExpanded(!expanded)}>
          <ExpandMoreIcon fontSize="small" sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        </IconButton>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip size="small" label={browser} />
        <Chip size="small" label={flow.viewport} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {flow.scenarioGroups.length} {flow.scenarioGroups.length === 1 ? 'group' : 'groups'} · {scenarios} scenarios
        </Typography>
        <Tooltip title="Duplicate flow">
          <IconButton size="small" aria-label={`Duplicate ${title}`} onClick={onDuplicate}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete flow">
          <IconButton size="small" aria-label={`Delete ${title}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Collapse in={expanded} unmountOnExit>
        <Box sx={{ px: 2, pb: 2, pt: 0.5 }}>
          <Stack spacing={1.5}>
            {flow.scenarioGroups.length === 0 ? (
              <Typography color="text.secondary" variant="body2">
                No scenario groups yet: add one to give this flow scenarios to run.
              </Typography>
            ) : (
              <SortableGroups
                flowIndex={index}
                groups={flow.scenarioGroups}
                threadAllowance={threadAllowance}
                onMove={onMoveGroup}
                onThreads={onThreads}
                onShowScenarios={onShowScenarios}
                onDelete={onDeleteGroup}
              />
            )}
            <div>
              <Button size="small" startIcon={<AddIcon />} onClick={onAddGroup} aria-label={`Add scenario group to ${title}`}>
                Add scenario group
              </Button>
            </div>
          </Stack>
        </Box>
      </Collapse>
    </Paper>
  );
}
