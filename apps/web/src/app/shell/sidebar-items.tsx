import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import MemoryOutlinedIcon from '@mui/icons-material/MemoryOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { ReactNode } from 'react';

export interface SidebarItem {
  label: string;
  icon: ReactNode;
  /** Path under /:projectId; absent for Home. */
  projectPath?: string;
  /** Other project sub-paths that highlight this item. */
  alsoActive?: string[];
  /** A count shown beside the entry. */
  badge?: 'codeReview';
}

export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'Home', icon: <HomeOutlinedIcon /> },
  { label: 'Dashboard', icon: <DashboardOutlinedIcon />, projectPath: 'dashboard' },
  { label: 'Features', icon: <DescriptionOutlinedIcon />, projectPath: 'features' },
  { label: 'Executions', icon: <PlayCircleOutlineIcon />, projectPath: 'executions', alsoActive: ['execution'] },
  { label: 'Reports', icon: <AssessmentOutlinedIcon />, projectPath: 'runs', alsoActive: ['run-report', 'scenario-report'] },
  { label: 'Code Review', icon: <RateReviewOutlinedIcon />, projectPath: 'ai-oversight', badge: 'codeReview' },
  { label: 'Memory', icon: <MemoryOutlinedIcon />, projectPath: 'memory' },
  { label: 'Test Data', icon: <TableChartOutlinedIcon />, projectPath: 'test-data' },
  { label: 'Settings', icon: <SettingsOutlinedIcon />, projectPath: 'settings', alsoActive: ['code-cleanup'] },
];
