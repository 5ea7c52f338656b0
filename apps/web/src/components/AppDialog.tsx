import Dialog, { type DialogProps } from '@mui/material/Dialog';

type AppDialogProps = Omit<DialogProps, 'onClose'> & { onClose?: () => void };

/** Dialog whose backdrop never closes it; Escape still does unless `onClose` is omitted. */
export function AppDialog({ onClose, ...props }: AppDialogProps) {
  return (
    <Dialog
      fullWidth
      maxWidth="sm"
      {...props}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick') return;
        onClose?.();
      }}
    />
  );
}
