import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Link } from 'react-router';
import type { SidebarItem } from './sidebar-items';

interface Props {
  item: SidebarItem;
  /** null renders the entry disabled. */
  to: string | null;
  open: boolean;
  active: boolean;
}

export function SidebarLink({ item, to, open, active }: Props) {
  const sx = {
    borderRadius: 2,
    mb: 0.5,
    minHeight: 44,
    justifyContent: open ? 'flex-start' : 'center',
    px: open ? 2 : 1.5,
    '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } },
    '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
  } as const;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: open ? 40 : 0, color: active ? 'inherit' : 'text.secondary' }}>{item.icon}</ListItemIcon>
      {open && <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />}
    </>
  );
  const button = to ? (
    <ListItemButton component={Link} to={to} selected={active} aria-label={item.label} aria-current={active ? 'page' : undefined} sx={sx}>
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton disabled aria-label={item.label} aria-disabled sx={sx}>
      {content}
    </ListItemButton>
  );
  if (open) return button;
  return (
    <Tooltip title={item.label} placement="right" enterDelay={200}>
      <span>{button}</span>
    </Tooltip>
  );
}
