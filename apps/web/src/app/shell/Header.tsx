import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT = 60;

export function Header() {
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ minHeight: `${HEADER_HEIGHT}px !important`, gap: 2 }}>
        <Logo />
        <Box sx={{ flex: 1 }} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
