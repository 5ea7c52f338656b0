import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { TabBar } from '../../../components/TabBar';
import { SearchField } from '../common/SearchField';
import { GROUPINGS, type Grouping, type ScenarioTab } from '../logic/run-report';

interface Props {
  tab: ScenarioTab;
  onTab: (tab: ScenarioTab) => void;
  search: string;
  onSearch: (text: string) => void;
  grouping: Grouping;
  onGrouping: (g: Grouping) => void;
}

/** Failed only / All, the scenario search and the grouping. */
export function ScenariosToolbar({ tab, onTab, search, onSearch, grouping, onGrouping }: Props) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 240 }}>
        <TabBar
          ariaLabel="Scenarios shown"
          value={tab}
          onChange={(v) => onTab(v as ScenarioTab)}
          tabs={[
            { value: 'failed', label: 'Failed only' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pb: 0.5 }}>
        <SelectDropdown label="Group by" value={grouping} options={GROUPINGS} onChange={(v) => onGrouping(v as Grouping)} minWidth={160} />
        <SearchField label="Search scenarios" value={search} onChange={onSearch} />
      </Stack>
    </Stack>
  );
}
