import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { MSG } from '@stepwise/shared';
import { Link } from 'react-router';
import { MessageScreen } from '../../components/MessageScreen';

export function NotFoundPage() {
  return (
    <MessageScreen
      icon={<SearchOffIcon />}
      title={MSG.notFoundTitle}
      text={MSG.notFoundText}
      action={
        <Button variant="contained" component={Link} to="/">
          GO BACK
        </Button>
      }
    />
  );
}
