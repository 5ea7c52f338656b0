import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useAppConfig } from '../features/config/use-app-config';

/** Actions of the plan dialogs: 'Contact sales' (when a support address is configured) and Close. */
export function ContactSalesActions({ onClose }: { onClose: () => void }) {
  const config = useAppConfig();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      {config.supportUrl && (
        <Button href={config.supportUrl} target="_blank" rel="noreferrer">
          Contact sales
        </Button>
      )}
      <Button variant="contained" onClick={onClose}>
        Close
      </Button>
    </DialogActions>
  );
}
