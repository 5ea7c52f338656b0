import Button from '@mui/material/Button';
import { MSG } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useParams } from 'react-router';
import { setCurrentProjectId } from '../../api/session';
import { EmptyState } from '../../components/EmptyState';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { updateLastActiveProject } from '../../features/projects/projects.api';
import { projectKeys } from '../../features/projects/project-keys';
import { useProjects } from '../../features/projects/use-projects';

/** /:projectId: checks the id against the user's projects and remembers it as last active. */
export function ProjectLayout() {
  const { projectId } = useParams();
  const projects = useProjects();
  const queryClient = useQueryClient();
  const project = projects.data?.find((p) => p._id === projectId);

  if (project) setCurrentProjectId(project._id);

  useEffect(() => {
    if (!project) return;
    const id = project._id;
    if (queryClient.getQueryData(projectKeys.lastActive) === id) return;
    queryClient.setQueryData(projectKeys.lastActive, id);
    updateLastActiveProject(id).catch(() => {});
  }, [project, queryClient]);

  useEffect(() => () => setCurrentProjectId(null), []);

  // A cached list may predate a project just created or joined: wait for the fresh one.
  if (projects.isLoading || (!project && projects.isFetching)) return <FullScreenLoader />;
  if (projects.isError && !projects.data) {
    return (
      <EmptyState
        title="Error"
        text="The project list could not be loaded."
        action={
          <Button variant="contained" onClick={() => projects.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!project) {
    const first = projects.data?.[0];
    if (first) return <Navigate to={`/${first._id}/dashboard`} replace />;
    return (
      <EmptyState
        title={MSG.projectNotFound}
        text="You are not a member of any project yet."
        action={
          <Button variant="contained" component={Link} to="/home">
            Go to Home
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}
