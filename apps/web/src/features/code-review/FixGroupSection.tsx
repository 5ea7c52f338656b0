import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OversightItem } from '@stepwise/shared';
import { type PageGroup, selectionState } from './review-model';
import { FixCard } from './FixCard';

interface Props {
  group: PageGroup;
  selected: ReadonlySet<string>;
  accepting: ReadonlySet<string>;
  collapsed: boolean;
  onCollapsed: (collapsed: boolean) => void;
  onToggleGroup: () => void;
  onToggleFix: (id: string) => void;
  onAccept: (fix: OversightItem) => void;
  onViewReport: (fix: OversightItem, newTab: boolean) => void;
}

/** One scenario's fixes under its header: feature and scenario name, a collapse toggle and a checkbox selecting its fixes. */
export function FixGroupSection({ group, selected, accepting, collapsed, onCollapsed, onToggleGroup, onToggleFix, onAccept, onViewReport }: Props) {
  const state = selectionState(
    selected,
    group.fixes.map((f) => f._id),
  );
  const name = `${group.featureName}: ${group.scenarioName}`;
  const count = group.fixes.length;
  return (
    <Box component="section" role="group" aria-label={name} sx={{ '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 1, py: 0.75, bgcolor: 'grey.100', position: 'sticky', top: 0, zIndex: 3 }}>
        <IconButton size="small" aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${name}`} aria-expanded={!collapsed} onClick={() => onCollapsed(!collapsed)}>
          {collapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
        </IconButton>
        <Checkbox
          size="small"
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={onToggleGroup}
          slotProps={{ input: { 'aria-label': `Select the fixes of ${name}` } }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
            {group.featureName}
          </Typography>
          <Typography variant="subtitle2" component="h2" sx={{ lineHeight: 1.3, fontWeight: 600, wordBreak: 'break-word' }}>
            {group.scenarioName}
            {group.continued && (
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                (continued)
              </Typography>
            )}
          </Typography>
        </Box>
        <Chip size="small" variant="outlined" label={group.branch} aria-label={`Branch: ${group.branch}`} />
        <Chip size="small" color="primary" variant="outlined" label={`${count} fix${count === 1 ? '' : 'es'}`} />
      </Stack>
      <Collapse in={!collapsed} unmountOnExit>
        {group.shown.map((f) => (
          <FixCard
            key={f._id}
            fix={f}
            selected={selected.has(f._id)}
            accepting={accepting.has(f._id)}
            onToggle={() => onToggleFix(f._id)}
            onAccept={() => onAccept(f)}
            onViewReport={(newTab) => onViewReport(f, newTab)}
          />
        ))}
      </Collapse>
    </Box>
  );
}
