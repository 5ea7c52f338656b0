import AutoFixHighOutlinedIcon from '@mui/icons-material/AutoFixHighOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export const AI_RECOVERY_LABEL = 'AI recovery';
export const AI_RECOVERY_HELP = 'Steps that fail because an element changed are repaired by AI and retried; the fixes wait in Code Review';

/** The execution's AI recovery option (off by default) with its one-line explanation. */
export function AiRecoverySwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  const help = useId();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box sx={{ color: checked ? 'primary.main' : 'text.secondary', pt: 0.75 }} aria-hidden>
        <AutoFixHighOutlinedIcon fontSize="small" />
      </Box>
      <Box sx={{ flex: 1 }}>
        <FormControlLabel
          control={<Switch checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-describedby': help } }} />}
          label={AI_RECOVERY_LABEL}
          labelPlacement="start"
          sx={{ ml: 0, width: '100%', justifyContent: 'space-between', '& .MuiFormControlLabel-label': { fontWeight: 500 } }}
        />
        <Typography id={help} variant="body2" color="text.secondary">
          {AI_RECOVERY_HELP}
        </Typography>
      </Box>
    </Stack>
  );
}
