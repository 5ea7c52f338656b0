import { PageHeader } from '../../components/PageHeader';
import { UnusedStepsView } from './UnusedStepsView';

/** /:projectId/code-cleanup: unused step definitions of the selected branch. */
export function CodeCleanupPage() {
  return (
    <>
      <PageHeader title="Code Cleanup" subtitle="Find and remove step definitions that no scenario uses." />
      <UnusedStepsView />
    </>
  );
}
