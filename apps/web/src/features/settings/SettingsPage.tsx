import { Outlet, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { TabBar } from '../../components/TabBar';
import { ROLES } from '@stepwise/shared';
import { useProject } from '../projects/use-projects';
import { ProjectSection } from './ProjectSection';
import { SandboxBanner } from './SandboxBanner';

const TAB_OF_SEGMENT: Record<string, string> = {
  members: 'members',
  'access-tokens': 'access-tokens',
  'new-access-token': 'access-tokens',
  'private-repository': 'private-repository',
  'code-cleanup': 'code-cleanup',
  workers: 'workers',
};

export function SettingsPage() {
  const project = useProject();
  const { pathname } = useLocation();
  const segment = pathname.split('/').filter(Boolean)[2] ?? 'members';
  const base = `/${project._id}/settings`;
  const tabs = [
    { value: 'members', label: 'Team members', to: `${base}/members` },
    { value: 'access-tokens', label: 'Access tokens', to: `${base}/access-tokens` },
    { value: 'private-repository', label: 'Integrations', to: `${base}/private-repository` },
    { value: 'code-cleanup', label: 'Code cleanup', to: `${base}/code-cleanup` },
    // Run workers: project admins only.
    ...(project.userRole === ROLES.admin ? [{ value: 'workers', label: 'Workers', to: `${base}/workers` }] : []),
  ];
  return (
    <>
      <PageHeader title="Settings" subtitle={`Manage ${project.name}, its team and its integrations.`} />
      <SandboxBanner />
      <TabBar tabs={tabs} value={TAB_OF_SEGMENT[segment] ?? 'members'} ariaLabel="Settings sections" />
      <div style={{ paddingTop: 24 }}>
        <Outlet />
      </div>
      <div style={{ paddingTop: 32 }}>
        <ProjectSection key={project._id} project={project} />
      </div>
    </>
  );
}
