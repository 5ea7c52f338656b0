import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { ContactSalesActions } from '../../../components/ContactSalesActions';

/** Shown instead of the list when the project's plan has no execution threads. */
export function ExecutionsUpsell({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2.5 }}>
        <Typography variant="h4" component="h1">
          Executions
        </Typography>
        <Chip label="Beta" size="small" color="secondary" sx={{ fontWeight: 700 }} />
      </Stack>
      <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: 4 }} role="region" aria-label="Executions upsell">
        <Stack spacing={1.5} sx={{ p: 3, alignItems: 'center', textAlign: 'center' }}>
          <LockOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="h6" component="h2">
            Executions are not part of your plan
          </Typography>
          <Typography color="text.secondary">
            Plan executions that bundle scenarios into flows, run them in parallel threads, schedule them and watch them live. Contact
            sales to add execution threads to this project.
          </Typography>
        </Stack>
        <ContactSalesActions onClose={() => navigate(`/${projectId}/dashboard`)} />
      </Paper>
    </>
  );
}
