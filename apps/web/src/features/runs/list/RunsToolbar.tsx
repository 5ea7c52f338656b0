import Stack from '@mui/material/Stack';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { SearchField } from '../common/SearchField';
import { PERIODS, TYPE_FILTERS, type TypeFilter } from '../logic/run-list';

interface Props {
  durationIndex: number;
  onDuration: (index: number) => void;
  search: string;
  onSearch: (text: string) => void;
  type: TypeFilter;
  onType: (type: TypeFilter) => void;
  branch: string;
  branches: string[];
  onBranch: (branch: string) => void;
}

/** Period, search and the type and branch filters of the runs list. */
export function RunsToolbar({ durationIndex, onDuration, search, onSearch, type, onType, branch, branches, onBranch }: Props) {
  return (
    <Stack direction="row" role="toolbar" aria-label="Report filters" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <SearchField label="Search reports" value={search} onChange={onSearch} />
      <SelectDropdown
        label="Period"
        value={String(durationIndex)}
        options={PERIODS.map((p) => ({ value: String(p.index), label: p.label }))}
        onChange={(v) => onDuration(Number(v))}
        minWidth={170}
      />
      <SelectDropdown label="Type" value={type} options={[...TYPE_FILTERS]} onChange={(v) => onType(v as TypeFilter)} minWidth={150} />
      <SelectDropdown
        label="Branch"
        value={branch}
        options={[{ value: '', label: 'All branches' }, ...branches.map((b) => ({ value: b, label: b }))]}
        onChange={onBranch}
        minWidth={170}
      />
    </Stack>
  );
}
