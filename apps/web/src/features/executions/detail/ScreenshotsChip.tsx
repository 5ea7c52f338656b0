import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { SCREENSHOT_MODES, type ScreenshotMode } from '@stepwise/shared';
import { useState } from 'react';

/** Which steps of the execution's runs keep a screenshot: a chip of the header that opens the three choices. */
export function ScreenshotsChip({ value, onChange }: { value: ScreenshotMode; onChange: (mode: ScreenshotMode) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = SCREENSHOT_MODES.find((m) => m.value === value)?.label ?? value;
  return (
    <>
      <Tooltip title="Which steps keep a screenshot">
        <Chip
          icon={<PhotoCameraOutlinedIcon />}
          label={`Screenshots: ${label.toLowerCase()}`}
          variant="outlined"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`Screenshots: ${label}`}
          aria-haspopup="menu"
        />
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SCREENSHOT_MODES.map((m) => (
          <MenuItem
            key={m.value}
            selected={m.value === value}
            onClick={() => {
              onChange(m.value);
              setAnchor(null);
            }}
          >
            {m.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
