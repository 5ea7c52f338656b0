import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScenarioReference } from '@stepwise/shared';
import { errorText } from '../../../api/client';
import { groupByFeature } from '../logic/features';
import { NoTagsNotice } from './NoTagsNotice';
import { TagPicker } from './TagPicker';
import { ThreadCountControl } from './ThreadCountControl';

interface Props {
  groupName: string;
  tagOptions: string[];
  tags: string[];
  loading: boolean;
  error: unknown;
  scenarios: ScenarioReference[];
  threads: number;
  maxThreads: number;
  onTags: (tags: string[]) => void;
  onThreads: (threads: number) => void;
}

/** Select scenarios: tags pick the scenarios of a group; its thread count is 0..min(allowance, scenarios). */
export function ScenarioSelection({ groupName, tagOptions, tags, loading, error, scenarios, threads, maxThreads, onTags, onThreads }: Props) {
  const groups = groupByFeature(scenarios);
  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
      <TagPicker options={tagOptions} value={tags} loading={loading} onChange={onTags} />
      {!loading && tagOptions.length === 0 && !error && <NoTagsNotice />}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" data-testid="selected-count">
          {groupName}: {scenarios.length} {scenarios.length === 1 ? 'scenario' : 'scenarios'} selected
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Threads
          </Typography>
          <ThreadCountControl value={threads} max={maxThreads} onChange={onThreads} label={`Threads for ${groupName}`} />
        </Stack>
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 240, overflow: 'auto' }}>
        {groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {tags.length ? 'No scenario has these tags' : 'Choose tags to select scenarios'}
          </Typography>
        ) : (
          <List dense aria-label="Selected scenarios" disablePadding>
            {groups.map((g) => (
              <li key={g.featurePath}>
                <ul style={{ padding: 0 }}>
                  <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'grey.50' }}>{g.featureName}</ListSubheader>
                  {g.scenarios.map((s) => (
                    <ListItem key={`${g.featurePath}:${s.scenarioIndex}`} sx={{ pl: 3 }}>
                      <ListItemText primary={s.name} />
                    </ListItem>
                  ))}
                </ul>
              </li>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
