import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PLANS } from '@stepwise/shared';
import { AppDialog } from '../../components/AppDialog';
import { ContactSalesActions } from '../../components/ContactSalesActions';

/** Contact-sales dialog behind the Freemium "Upgrade" prompt. */
export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppDialog open={open} onClose={onClose} maxWidth="xs" aria-labelledby="upgrade-title">
      <DialogTitle id="upgrade-title">Upgrade your plan</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          The Freemium plan allows up to {PLANS.Freemium.maxScenariosAllowed} scenarios per project and one execution thread.
        </Typography>
        <Typography color="text.secondary">
          Ask your Stepwise administrator to move this project to the Pro, Team or Enterprise plan for more scenarios, parallel
          executions and team invitations.
        </Typography>
      </DialogContent>
      <ContactSalesActions onClose={onClose} />
    </AppDialog>
  );
}
