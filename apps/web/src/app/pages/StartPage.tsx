import { Navigate, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useOnboardingStep } from '../../features/onboarding/use-onboarding';
import { useLastActiveProject, useProjects } from '../../features/projects/use-projects';

/**
 * Empty start screen at "/" that picks where to go: home while onboarding is at step 1 or lower,
 * the features page for ?redirect=features, else the dashboard of the last active (or first) project.
 */
export function StartPage() {
  const [params] = useSearchParams();
  const { step, isLoading: stepLoading } = useOnboardingStep();
  const projects = useProjects();
  const lastActive = useLastActiveProject();

  if (stepLoading || projects.isLoading || lastActive.isLoading) return <FullScreenLoader />;
  if (step !== undefined && step <= 1) return <Navigate to="/home" replace />;

  const list = projects.data ?? [];
  if (list.length === 0) return <Navigate to="/home" replace />;
  const target = list.find((p) => p._id === lastActive.data) ?? list[0];
  const page = params.get('redirect') === 'features' ? 'features' : 'dashboard';
  return <Navigate to={`/${target._id}/${page}`} replace />;
}
