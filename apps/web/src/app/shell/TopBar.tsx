import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../features/config/use-app-config';
import { FeatureSearchBox } from '../../features/features/FeatureSearchBox';
import { useCurrentProject } from '../../features/projects/use-projects';
import { WorkspaceControls } from '../../features/workspace/WorkspaceControls';
import { LicenceIndicator } from './LicenceIndicator';
import { ProjectSelector } from './ProjectSelector';

/** A link the administrator configured (DOCS_URL, SUPPORT_URL); none when it is not set, so none leads nowhere. */
function HelpLink({ label, href, icon }: { label: string; href: string | null; icon: ReactNode }) {
  if (!href) return null;
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} href={href} target="_blank" rel="noreferrer">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

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
      <HelpLink label="Documentation" href={config.docsUrl} icon={<MenuBookOutlinedIcon />} />
      <HelpLink label="Support" href={config.supportUrl} icon={<HelpOutlineIcon />} />
    </Stack>
  );
}
