import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Tooltip from '@mui/material/Tooltip';
import { ONBOARDING_STEPS, UI } from '@stepwise/shared';
import { useLocation } from 'react-router';
import { useOversightBadge } from '../../features/code-review/use-oversight';
import { useOnboardingStep } from '../../features/onboarding/use-onboarding';
import { useDefaultProjectId, useProjects, useRouteProjectId } from '../../features/projects/use-projects';
import { SidebarLink } from './SidebarLink';
import { SIDEBAR_ITEMS, type SidebarItem } from './sidebar-items';

const isMac = typeof navigator !== 'undefined' && /mac/i.test(navigator.userAgent);

function isActive(item: SidebarItem, pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (!item.projectPath) return segments[0] === 'home' || segments[0] === 'onboarding';
  const section = segments[1];
  return section === item.projectPath || (!!section && !!item.alsoActive?.includes(section));
}

export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { pathname } = useLocation();
  const routeProjectId = useRouteProjectId();
  const defaultProjectId = useDefaultProjectId();
  const projectId = routeProjectId ?? defaultProjectId;
  const projects = useProjects().data;
  const hasProjects = (projects?.length ?? 0) > 0;
  const { step } = useOnboardingStep();
  const onboarding = !hasProjects && (step ?? 0) < ONBOARDING_STEPS.complete;
  // Counted only for a project of the user's (the route may name one they cannot open).
  const codeReviewBadge = useOversightBadge(projects?.some((p) => p._id === routeProjectId) ? routeProjectId : undefined);

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{
        width: open ? UI.sidebarOpenWidth : UI.sidebarClosedWidth,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: 'width 150ms ease',
        overflowX: 'hidden',
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: open ? 'flex-end' : 'center', p: 1.5 }}>
        <Tooltip title={`${open ? 'Collapse' : 'Expand'} sidebar (${isMac ? '⌘' : 'Ctrl'}+B)`} placement="right">
          <IconButton aria-label="Toggle sidebar" aria-expanded={open} onClick={onToggle}>
            {open ? <ChevronLeftIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      <List sx={{ px: 1.5, pt: 0 }}>
        {SIDEBAR_ITEMS.map((item) => {
          const to = item.projectPath ? (projectId ? `/${projectId}/${item.projectPath}` : null) : '/home';
          const disabled = !to || (onboarding && !!item.projectPath);
          return (
            <SidebarLink
              key={item.label}
              item={item}
              to={disabled ? null : to}
              open={open}
              active={isActive(item, pathname)}
              badge={item.badge === 'codeReview' ? codeReviewBadge : null}
            />
          );
        })}
      </List>
    </Box>
  );
}
