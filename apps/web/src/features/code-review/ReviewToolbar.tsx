import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { discardLabel, type SelectionState } from './review-model';

interface Props {
  state: SelectionState;
  selectedCount: number;
  total: number;
  onToggleAll: () => void;
  onDiscard: () => void;
}

/** Select-all (none / some / all) and the discard button of the selection. */
export function ReviewToolbar({ state, selectedCount, total, onToggleAll, onDiscard }: Props) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <FormControlLabel
        control={<Checkbox checked={state === 'all'} indeterminate={state === 'some'} onChange={onToggleAll} />}
        label="Select all"
        sx={{ mr: 0 }}
      />
      <Typography variant="body2" color="text.secondary" data-testid="review-count">
        {selectedCount > 0 ? `${selectedCount} of ${total} selected` : `${total} code fix${total === 1 ? '' : 'es'} to review`}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} disabled={selectedCount === 0} onClick={onDiscard}>
        {discardLabel(selectedCount, total)}
      </Button>
    </Stack>
  );
}
