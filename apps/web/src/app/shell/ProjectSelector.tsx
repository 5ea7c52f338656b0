import AddIcon from '@mui/icons-material/Add';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { ROLES, type ProjectDto } from '@stepwise/shared';
import { useLocation, useNavigate } from 'react-router';
import { useCreateProjectDialog } from '../../features/projects/create-project-context';
import { useProjects, useRouteProjectId } from '../../features/projects/use-projects';

const NEW_PROJECT = '__new__';
const KEEP_SECTIONS = ['dashboard', 'features', 'executions', 'runs', 'ai-oversight', 'memory', 'test-data', 'settings', 'code-cleanup'];

function LackingPermission() {
  return (
    <Tooltip title="lacking permission" enterDelay={200}>
      <LockOutlinedIcon aria-label="lacking permission" fontSize="small" color="warning" />
    </Tooltip>
  );
}

function ProjectLabel({ project }: { project: ProjectDto }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{project.name}</span>
      {project.userRole !== ROLES.admin && <LackingPermission />}
    </Stack>
  );
}

export function ProjectSelector() {
  const projects = useProjects().data ?? [];
  const projectId = useRouteProjectId();
  const { openCreateProject } = useCreateProjectDialog();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const value = projects.some((p) => p._id === projectId) ? projectId! : '';

  function select(id: string) {
    if (id === NEW_PROJECT) return openCreateProject();
    const section = pathname.split('/').filter(Boolean)[1];
    navigate(`/${id}/${section && KEEP_SECTIONS.includes(section) ? section : 'dashboard'}`);
  }

  return (
    <FormControl size="small" sx={{ width: 220 }}>
      <InputLabel id="project-select-label">Project</InputLabel>
      <Select
        labelId="project-select-label"
        label="Project"
        value={value}
        displayEmpty={false}
        onChange={(e) => select(String(e.target.value))}
        renderValue={(id) => {
          const project = projects.find((p) => p._id === id);
          return project ? <ProjectLabel project={project} /> : '';
        }}
      >
        {projects.map((p) => (
          <MenuItem key={p._id} value={p._id}>
            <ProjectLabel project={p} />
          </MenuItem>
        ))}
        {projects.length > 0 && <Divider />}
        <MenuItem value={NEW_PROJECT}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          New project
        </MenuItem>
      </Select>
    </FormControl>
  );
}
