import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GitHubIcon from '@mui/icons-material/GitHub';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLES } from '@stepwise/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { openEnvironmentDialog } from '../environments/env-dialog-store';
import { useEnvironments } from '../environments/use-environments';
import { useProject } from '../projects/use-projects';
import { GitAuthorizeDialog } from './GitAuthorizeDialog';

export function IntegrationsTab() {
  const project = useProject();
  const [open, setOpen] = useState(false);
  const [needEnv, setNeedEnv] = useState(false);
  const envs = useEnvironments();
  // Git access needs at least one environment in the workspace first.
  const connect = () => ((envs.data?.allEnv.length ?? 0) > 0 ? setOpen(true) : setNeedEnv(true));
  const connected = project.configuredPrivateRepo;
  const isAdmin = project.userRole === ROLES.admin;
  const canConfigure = project.allowGitIntegration && (project.privateRepo || isAdmin);

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 52, height: 52, borderRadius: 2, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <GitHubIcon sx={{ fontSize: 30 }} />
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            {connected ? 'Git is connected' : `Connect your Git repo for ${project.name}`}
          </Typography>
          <Typography color="text.secondary">
            {connected
              ? `Feature files are synchronised with ${project.privateRepoURL || 'your repository'}. Contact support to disable it.`
              : 'Keep feature files and step code in your own repository and review changes in pull requests.'}
          </Typography>
          {!project.allowGitIntegration && (
            <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
              Git integration is not enabled for this project. Contact support to enable it.
            </Typography>
          )}
          {project.allowGitIntegration && !canConfigure && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Only project admins can set up Git.
            </Typography>
          )}
        </Box>
        {connected ? (
          <CheckCircleIcon color="success" aria-label="Connected" />
        ) : (
          <Button variant="contained" disabled={!canConfigure || envs.isLoading} onClick={connect}>
            Connect Git
          </Button>
        )}
      </Stack>
      {open && <GitAuthorizeDialog project={project} open={open} onClose={() => setOpen(false)} />}
      <ConfirmDialog
        open={needEnv}
        title="Create an environment first"
        message="Connecting Git needs at least one environment (a name and the base URL of the site you test)."
        confirmText="Create environment"
        onClose={() => setNeedEnv(false)}
        onConfirm={() => {
          setNeedEnv(false);
          openEnvironmentDialog({ editing: null, onSaved: () => setOpen(true) });
          return false;
        }}
      />
    </Paper>
  );
}
