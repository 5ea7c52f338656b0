import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { WS_MSG } from '@stepwise/shared';
import { ExpiredPlanDialog } from '../../app/shell/ExpiredPlanDialog';
import { AppDialog } from '../../components/AppDialog';
import { ContactSalesActions } from '../../components/ContactSalesActions';
import { useCurrentProject } from '../projects/use-projects';
import { guardDialogStore } from './write-guard';

/** The expired-plan and max-scenario dialogs opened by useWriteGuard(). */
export function WriteGuardDialogs() {
  const open = guardDialogStore.use();
  const project = useCurrentProject();
  const close = () => guardDialogStore.set(null);
  if (!project) return null;
  return (
    <>
      <ExpiredPlanDialog open={open === 'expired'} projectName={project.name} onClose={close} />
      <AppDialog open={open === 'maxScenarios'} onClose={close} maxWidth="xs" aria-labelledby="max-scenarios-title">
        <DialogTitle id="max-scenarios-title">{WS_MSG.upgradeRequired}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1.5 }}>
            {project.name} has reached the maximum of {project.maxScenariosAllowed} scenarios allowed on the {project.plan} plan.
          </Typography>
          <Typography color="text.secondary">Upgrade the plan to add more scenarios, or delete scenarios you no longer need.</Typography>
        </DialogContent>
        <ContactSalesActions onClose={close} />
      </AppDialog>
    </>
  );
}
