import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import { statusColour } from '@stepwise/shared';

/** Step or command status as a coloured icon, labelled with the status. */
export function StatusIcon({ status, size = 'small' }: { status: string; size?: 'small' | 'inherit' }) {
  const colour = statusColour(status);
  const props = { fontSize: size, titleAccess: status, 'aria-label': status } as const;
  if (status === 'PASSED') return <CheckCircleIcon color="success" {...props} />;
  if (status === 'AMBIGUOUS') return <HelpIcon color="success" {...props} />;
  if (colour === 'error') return <CancelIcon color="error" {...props} />;
  return <DoNotDisturbOnOutlinedIcon color="disabled" {...props} />;
}
