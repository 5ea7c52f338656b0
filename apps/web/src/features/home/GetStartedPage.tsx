import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { PageHeader } from '../../components/PageHeader';
import { useUser } from '../auth/use-current-user';
import { useOnboardingStep } from '../onboarding/use-onboarding';
import { useCreateProjectDialog } from '../projects/create-project-context';
import { useDefaultProjectId, useProjects } from '../projects/use-projects';
import { GetStartedChecklist } from './GetStartedChecklist';
import { VideoPlaceholder } from './VideoPlaceholder';

/** /home and /onboarding: the get-started checklist. */
export function GetStartedPage() {
  const user = useUser();
  const { step } = useOnboardingStep();
  const projects = useProjects();
  const projectId = useDefaultProjectId();
  const { openCreateProject } = useCreateProjectDialog();

  if (projects.isLoading) return <FullScreenLoader />;
  const list = projects.data ?? [];
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstname || user.name}`}
        subtitle="Get started with Stepwise in five steps."
        actions={
          list.length === 0 ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreateProject}>
              Create project
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '5fr 6fr' }, gap: 3, alignItems: 'start' }}>
        <VideoPlaceholder />
        <GetStartedChecklist step={step ?? user.lastCompletedStep} projects={list} projectId={projectId} />
      </Box>
    </>
  );
}
