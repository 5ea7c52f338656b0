import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';

export type ExecutionsView = 'active' | 'all';

interface Props {
  view: ExecutionsView;
  activeCount: number;
  allCount: number;
  search: string;
  onView: (view: ExecutionsView) => void;
  onSearch: (text: string) => void;
}

/** Active/All toggle with counts (Shift+Tab switches) and the "Find an execution" search. */
export function ExecutionsToolbar({ view, activeCount, allCount, search, onView, onSearch }: Props) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
      <Tooltip title="Shift+Tab switches between Active and All">
        <ToggleButtonGroup exclusive size="small" value={view} onChange={(_e, v: ExecutionsView | null) => v && onView(v)} aria-label="Executions view">
          <ToggleButton value="active" sx={{ px: 2 }}>
            Active ({activeCount})
          </ToggleButton>
          <ToggleButton value="all" sx={{ px: 2 }}>
            All ({allCount})
          </ToggleButton>
        </ToggleButtonGroup>
      </Tooltip>
      <TextField
        size="small"
        type="search"
        placeholder="Find an execution"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ width: 300 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Find an execution' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
