import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { featureSearchStore } from './feature-search';

/** Top-bar search of the Features page: filters folders, features and scenarios. */
export function FeatureSearchBox() {
  const value = featureSearchStore.use();
  return (
    <TextField
      size="small"
      placeholder="Search features"
      value={value}
      onChange={(e) => featureSearchStore.set(e.target.value)}
      sx={{ width: 220 }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search features', type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
