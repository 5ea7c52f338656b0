import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_VALUE_METRICS } from '@stepwise/shared';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { useToast } from '../../components/toast/toast-context';
import type { PersonalizationInfo } from './dashboard.api';
import { EMAILS_FIELD, formChanged, formErrors, formFrom, METRIC_INPUTS, toPersonalizationInfo, type MetricField, type PersonalizationForm } from './personalization-form';
import { useSavePersonalization } from './use-dashboard';

interface Props {
  projectId: string;
  saved: PersonalizationInfo;
  /** Admins change who gets the weekly mail; other members see the list. */
  canEditRecipients: boolean;
  onClose: () => void;
}

/** "Personalize value metrics" (spec 4.13): the assumptions behind the savings, per project; Apply only after a change. */
export function PersonalizeDialog({ projectId, saved, canEditRecipients, onClose }: Props) {
  const latest = useMemo(() => formFrom(saved), [saved]);
  // What the form started from, and the form: when newer saved values arrive (a refetch, another
  // member's save) while nothing was edited, the form shows them; an edit in progress is kept, and
  // Apply compares with what the form started from.
  const [initial, setInitial] = useState<PersonalizationForm>(latest);
  const [form, setForm] = useState<PersonalizationForm>(latest);
  if (latest !== initial && !formChanged(latest, initial)) setInitial(latest);
  else if (latest !== initial && !formChanged(initial, form)) {
    setInitial(latest);
    setForm(latest);
  }
  const save = useSavePersonalization(projectId);
  const toast = useToast();
  const errors = formErrors(form);
  const valid = Object.keys(errors).length === 0;
  const changed = formChanged(initial, form);

  const setValue = (field: MetricField, text: string) => setForm((f) => ({ ...f, values: { ...f.values, [field]: text } }));
  const resetDefaults = () => setForm((f) => ({ ...formFrom({}), emails: f.emails }));
  const apply = () =>
    save.mutate(toPersonalizationInfo(form, saved), {
      onSuccess: () => {
        toast.success('Value metrics updated');
        onClose();
      },
    });

  return (
    <AppDialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="personalize-title">
      <DialogTitle id="personalize-title">Personalize value metrics</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The dashboard turns AI recoveries, created scenarios and root-cause analyses into hours and budget saved with these
          assumptions. They apply to everyone in this project.
        </Typography>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(save.error)}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {METRIC_INPUTS.map(({ field, label, unit }) => (
            <TextField
              key={field}
              label={label}
              value={form.values[field]}
              onChange={(e) => setValue(field, e.target.value)}
              error={!!errors[field]}
              helperText={errors[field] ?? `Default: ${DEFAULT_VALUE_METRICS[field]}`}
              fullWidth
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': `input-${field}` },
                input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
              }}
            />
          ))}
          <TextField
            label="Weekly email updates to"
            value={form.emails}
            onChange={(e) => setForm((f) => ({ ...f, emails: e.target.value }))}
            error={!!errors[EMAILS_FIELD]}
            helperText={errors[EMAILS_FIELD] ?? (canEditRecipients ? 'Email addresses, separated by commas' : 'Only project admins can change the recipients')}
            placeholder={canEditRecipients ? 'qa-lead@company.com, cto@company.com' : undefined}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000, readOnly: !canEditRecipients } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={resetDefaults} disabled={save.isPending} sx={{ mr: 'auto' }}>
          Use defaults
        </Button>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={apply}
          disabled={save.isPending || !changed || !valid}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Apply
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
