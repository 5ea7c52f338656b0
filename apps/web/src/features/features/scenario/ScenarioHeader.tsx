import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stripFeatureExt, type ScenarioDto } from '@stepwise/shared';
import type { FeatureNode } from '../features.api';
import { TagEditor } from './TagEditor';

export interface ScenarioHeaderProps {
  feature: FeatureNode;
  scenario: ScenarioDto;
  allTags: string[];
  onTagsChange: (tags: string[]) => Promise<void>;
  onDelete: () => void;
}

/** Feature name, scenario name, tags with Add tag, and Delete scenario. */
export function ScenarioHeader({ feature, scenario, allTags, onTagsChange, onDelete }: ScenarioHeaderProps) {
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p" aria-label="Feature name" noWrap>
            {feature.featureName || stripFeatureExt(feature.name)}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
            {scenario.name || 'Untitled scenario'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {scenario.type}
            {scenario.rule ? ` in rule ${scenario.rule}` : ''} · features/{feature.path}
          </Typography>
        </Box>
        <Button color="error" variant="outlined" size="small" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
          Delete scenario
        </Button>
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <TagEditor tags={scenario.tags} allTags={allTags} onChange={onTagsChange} />
      </Box>
    </Box>
  );
}
