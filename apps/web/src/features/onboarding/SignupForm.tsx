import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG, type SignInResponse } from '@stepwise/shared';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { errorText } from '../../api/client';
import { signUp } from '../auth/auth.api';

interface Props {
  onSignedUp: (response: SignInResponse) => Promise<void> | void;
}

export function SignupForm({ onSignedUp }: Props) {
  const [values, setValues] = useState({ firstname: '', lastname: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const filled = values.firstname.trim() && values.lastname.trim() && values.email.trim() && values.password;
    if (!filled) {
      setError(MSG.fillAllFields);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await signUp({
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await onSignedUp(response);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={2}>
          <TextField label="First name" autoComplete="given-name" autoFocus value={values.firstname} onChange={set('firstname')} />
          <TextField label="Last name" autoComplete="family-name" value={values.lastname} onChange={set('lastname')} />
        </Stack>
        <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText="At least 8 characters"
          value={values.password}
          onChange={set('password')}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          SIGN UP
        </Button>
      </Stack>
    </form>
  );
}
