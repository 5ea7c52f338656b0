import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import { MSG } from '@stepwise/shared';
import { MessageScreen } from '../../components/MessageScreen';

export function ErrorScreen() {
  return (
    <MessageScreen
      icon={<ErrorOutlineIcon />}
      title={MSG.genericError}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Click to Reload
        </Button>
      }
    />
  );
}
