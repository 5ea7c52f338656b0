import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { RECORDER_VIEWPORTS } from '@stepwise/shared';
import { useRef, useState } from 'react';
import { SelectDropdown } from '../../../components/SelectDropdown';

export type AssertKind = 'text' | 'visible' | 'url';

export interface BrowserToolbarProps {
  url: string;
  viewport: { width: number; height: number } | null;
  disabled: boolean;
  onNavigate: (url: string) => void;
  onBack: () => void;
  onReload: () => void;
  onViewport: (size: { width: number; height: number }) => void;
  onAssert: (kind: AssertKind) => void;
}

/** The viewport's preset label, or '' for a size of none. */
export function viewportLabel(size: { width: number; height: number } | null): string {
  return RECORDER_VIEWPORTS.find((v) => size && v.width === size.width && v.height === size.height)?.label ?? '';
}

/** Address bar, Back, Reload, viewport and the Assert menu of the streamed browser. */
export function BrowserToolbar({ url, viewport, disabled, onNavigate, onBack, onReload, onViewport, onAssert }: BrowserToolbarProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // The choice takes effect once the menu has gone: until then its invisible backdrop would take the
  // click meant for the page (Assert element visible picks with the next click).
  const chosen = useRef<AssertKind | null>(null);
  const assert = (kind: AssertKind) => {
    chosen.current = kind;
    setMenu(null);
  };
  const closed = () => {
    const kind = chosen.current;
    chosen.current = null;
    if (kind) onAssert(kind);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Tooltip title="Back">
        <span>
          <IconButton aria-label="Back" onClick={onBack} disabled={disabled} size="small">
            <ArrowBackIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Reload">
        <span>
          <IconButton aria-label="Reload" onClick={onReload} disabled={disabled} size="small">
            <RefreshIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <TextField
        size="small"
        fullWidth
        disabled={disabled}
        value={typed ?? url}
        placeholder="Address"
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => setTyped(null)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') return setTyped(null);
          if (e.key !== 'Enter') return;
          const next = (typed ?? url).trim();
          setTyped(null);
          if (next) onNavigate(next);
          (e.target as HTMLInputElement).blur();
        }}
        slotProps={{ htmlInput: { 'aria-label': 'Address', spellCheck: false } }}
      />
      <SelectDropdown
        label="Viewport"
        value={viewportLabel(viewport)}
        placeholder={viewport ? `${viewport.width} × ${viewport.height}` : 'Viewport'}
        minWidth={200}
        options={RECORDER_VIEWPORTS.map((v) => ({ value: v.label, label: `${v.label} ${v.width}×${v.height}` }))}
        onChange={(label) => {
          const v = RECORDER_VIEWPORTS.find((p) => p.label === label);
          if (v) onViewport({ width: v.width, height: v.height });
        }}
      />
      <Button variant="outlined" disabled={disabled} startIcon={<FactCheckOutlinedIcon />} endIcon={<ArrowDropDownIcon />} onClick={(e) => setMenu(e.currentTarget)} sx={{ flexShrink: 0 }}>
        Assert
      </Button>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)} slotProps={{ transition: { onExited: closed } }}>
        <MenuItem onClick={() => assert('text')}>Assert text</MenuItem>
        <MenuItem onClick={() => assert('visible')}>Assert element visible</MenuItem>
        <MenuItem onClick={() => assert('url')}>Assert URL</MenuItem>
      </Menu>
    </Stack>
  );
}
