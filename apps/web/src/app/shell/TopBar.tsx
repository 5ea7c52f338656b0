import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../features/config/use-app-config';
import { FeatureSearchBox } from '../../features/features/FeatureSearchBox';
import { useCurrentProject } from '../../features/projects/use-projects';
import { WorkspaceControls } from '../../features/workspace/WorkspaceControls';
import { LicenceIndicator } from './LicenceIndicator';
import { ProjectSelector } from './ProjectSelector';

export function TopBar() {
  const config = useAppConfig();
  const project = useCurrentProject();
  const onFeatures = useLocation().pathname.split('/')[2] === 'features';
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', px: 3, py: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 60, flexWrap: 'wrap', rowGap: 1 }}
    >
      {project && onFeatures && <FeatureSearchBox />}
      <ProjectSelector />
      {project && <WorkspaceControls key={project._id} />}
      <Box sx={{ flex: 1 }} />
      <LicenceIndicator />
      {/* The links the administrator configured (DOCS_URL, SUPPORT_URL): none leads nowhere. */}
      {config.docsUrl && (
        <Tooltip title="Documentation">
          <IconButton aria-label="Documentation" href={config.docsUrl} target="_blank" rel="noreferrer">
            <MenuBookOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
      {config.supportUrl && (
        <Tooltip title="Support">
          <IconButton aria-label="Support" href={config.supportUrl} target="_blank" rel="noreferrer">
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
