import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';

export interface ToolbarMenuEntry {
  label: string;
  /** Shown under the label, e.g. why the entry is disabled. */
  hint?: string;
  disabled?: boolean;
  onClick: () => void;
}

/** A toolbar button opening a small menu of actions. */
export function ToolbarMenu({ label, icon, entries }: { label: string; icon: ReactNode; entries: ToolbarMenuEntry[] }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={icon}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={id} open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {entries.map((e) => (
          <MenuItem
            key={e.label}
            disabled={e.disabled}
            onClick={() => {
              setAnchor(null);
              e.onClick();
            }}
          >
            <ListItemText primary={e.label} secondary={e.hint} slotProps={{ secondary: { sx: { maxWidth: 280, whiteSpace: 'normal' } } }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
