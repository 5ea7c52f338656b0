import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { filterTags } from '../logic/features';

interface Props {
  options: string[];
  value: string[];
  loading: boolean;
  onChange: (tags: string[]) => void;
}

/** Tag search: pick one or more tags; without tags it says to add some in the features tab. */
export function TagPicker({ options, value, loading, onChange }: Props) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={loading}
      onChange={(_e, tags) => onChange(tags)}
      filterOptions={(opts, state) => filterTags(opts, state.inputValue)}
      noOptionsText={options.length === 0 ? EXECUTION_MESSAGES.noTags : 'No matching tags'}
      getOptionLabel={(t) => `@${t}`}
      renderValue={(tags, getItemProps) =>
        tags.map((t, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={`@${t}`} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label="Tags" placeholder={value.length ? '' : 'Search tags'} />}
      openOnFocus
      disableCloseOnSelect
    />
  );
}
