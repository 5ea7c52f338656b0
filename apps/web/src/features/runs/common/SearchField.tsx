import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** Search box; the caller debounces what it does with the text. */
export function SearchField({ label, value, onChange, width = 280 }: { label: string; value: string; onChange: (v: string) => void; width?: number }) {
  return (
    <TextField
      size="small"
      type="search"
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width }}
      slotProps={{
        htmlInput: { 'aria-label': label },
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
