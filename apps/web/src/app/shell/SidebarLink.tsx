import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
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
  /** A count beside the label (on the icon when the sidebar is closed); null hides it. */
  badge?: string | null;
}

export function SidebarLink({ item, to, open, active, badge = null }: Props) {
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
      <ListItemIcon sx={{ minWidth: open ? 40 : 0, color: active ? 'inherit' : 'text.secondary' }}>
        {badge && !open ? (
          <Badge badgeContent={badge} color="error" data-testid="sidebar-badge" sx={{ '& .MuiBadge-badge': { fontSize: 10, height: 16, minWidth: 16, px: 0.5 } }}>
            {item.icon}
          </Badge>
        ) : (
          item.icon
        )}
      </ListItemIcon>
      {open && <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />}
      {open && badge && (
        <Box
          component="span"
          data-testid="sidebar-badge"
          sx={{ ml: 1, px: 0.75, minWidth: 22, height: 20, borderRadius: 10, fontSize: 12, fontWeight: 600, lineHeight: '20px', textAlign: 'center', bgcolor: active ? 'primary.contrastText' : 'error.main', color: active ? 'primary.main' : 'error.contrastText' }}
        >
          {badge}
        </Box>
      )}
    </>
  );
  const name = badge ? `${item.label} (${badge})` : item.label;
  const button = to ? (
    <ListItemButton component={Link} to={to} selected={active} aria-label={name} aria-current={active ? 'page' : undefined} sx={sx}>
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton disabled aria-label={name} aria-disabled sx={sx}>
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
