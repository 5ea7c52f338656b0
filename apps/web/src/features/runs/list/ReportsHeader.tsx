import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { TabBar } from '../../../components/TabBar';

export type ReportsTab = 'runs' | 'failure-groups';

const SUBTITLES: Record<ReportsTab, string> = {
  runs: 'Every run of the project: from the Execution Planner, the command line and your CI/CD pipeline.',
  'failure-groups': 'Failures of the project’s runs grouped by cause: the same message, failing step and stack frame.',
};

/** The Reports area's title and its tabs: the runs, and their failures grouped by signature. */
export function ReportsHeader({ projectId, tab }: { projectId: string; tab: ReportsTab }) {
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={SUBTITLES[tab]}
        actions={
          <Link component={RouterLink} to={`/${projectId}/runs/instructions`} underline="hover" sx={{ fontWeight: 500 }}>
            How to upload reports
          </Link>
        }
      />
      <Box sx={{ mb: 3 }}>
        <TabBar
          ariaLabel="Reports sections"
          value={tab}
          tabs={[
            { value: 'runs', label: 'Runs', to: `/${projectId}/runs` },
            { value: 'failure-groups', label: 'Failure groups', to: `/${projectId}/runs/failure-groups` },
          ]}
        />
      </Box>
    </>
  );
}
