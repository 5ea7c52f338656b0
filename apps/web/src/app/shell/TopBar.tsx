import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppConfig } from '../../features/config/use-app-config';
import { LicenceIndicator } from './LicenceIndicator';
import { ProjectSelector } from './ProjectSelector';

export function TopBar() {
  const config = useAppConfig();
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', px: 3, py: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 60 }}
    >
      <ProjectSelector />
      <Box sx={{ flex: 1 }} />
      <LicenceIndicator />
      <Button size="small" color="inherit" startIcon={<MenuBookOutlinedIcon />} href={config.docsUrl} target="_blank" rel="noreferrer">
        Documentation
      </Button>
      <Button size="small" color="inherit" startIcon={<HelpOutlineIcon />} href={config.supportUrl} target="_blank" rel="noreferrer">
        Support
      </Button>
    </Stack>
  );
}
