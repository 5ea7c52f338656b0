import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import { EmptyState } from '../../components/EmptyState';

export function CodeCleanupTab() {
  return (
    <EmptyState
      icon={<CleaningServicesOutlinedIcon />}
      title="Code cleanup"
      text="Finding and removing unused step definitions arrives with a later release."
    />
  );
}
