import Box from '@mui/material/Box';
import { Outlet, useMatches } from 'react-router';
import { CreateProjectProvider } from '../../features/projects/CreateProjectProvider';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarState } from './use-sidebar-state';
import { WindowTooSmall } from './WindowTooSmall';

/** Layout of the signed-in pages: header, collapsible sidebar, top bar and the page. */
export function AppShell() {
  const sidebar = useSidebarState();
  // Pages with their own panes (Features) take the whole area, without the centred column.
  const fullBleed = useMatches().some((m) => (m.handle as { fullBleed?: boolean } | undefined)?.fullBleed);
  return (
    <CreateProjectProvider>
      <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Header />
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
          <Sidebar open={sidebar.open} onToggle={sidebar.toggle} />
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <TopBar />
            {fullBleed ? (
              <Box component="main" sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
                <Outlet />
              </Box>
            ) : (
              <Box component="main" sx={{ flex: 1, overflow: 'auto', p: { xs: 2, md: 4 } }}>
                <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
                  <Outlet />
                </Box>
              </Box>
            )}
          </Box>
        </Box>
      </Box>
      <WindowTooSmall />
    </CreateProjectProvider>
  );
}
