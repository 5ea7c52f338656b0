import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { normaliseEmail } from '@stepwise/shared';

interface Props {
  emails: string[];
  onEmailsChange: (emails: string[]) => void;
  /** Text typed but not yet turned into a chip. */
  draft: string;
  onDraftChange: (draft: string) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

const SEPARATOR = /[\s,;]+/;

export function splitEmails(text: string): string[] {
  return text.split(SEPARATOR).map(normaliseEmail).filter(Boolean);
}

/** Addresses typed and separated by comma, space or Enter become lower-cased chips. */
export function EmailChipsInput({ emails, onEmailsChange, draft, onDraftChange, error, helperText, disabled }: Props) {
  function commit(text: string) {
    const added = splitEmails(text);
    if (added.length) onEmailsChange([...emails, ...added]);
    onDraftChange('');
  }

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={emails}
      inputValue={draft}
      disabled={disabled}
      onChange={(_e, value) => onEmailsChange(value.flatMap((v) => splitEmails(v)))}
      onInputChange={(_e, value, reason) => {
        if (reason === 'reset') return;
        if (SEPARATOR.test(value)) {
          const parts = value.split(SEPARATOR);
          const rest = parts.pop() ?? '';
          const added = parts.map(normaliseEmail).filter(Boolean);
          if (added.length) onEmailsChange([...emails, ...added]);
          onDraftChange(rest);
        } else {
          onDraftChange(value);
        }
      }}
      onBlur={() => draft.trim() && commit(draft)}
      renderValue={(value, getItemProps) =>
        value.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={email} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Email addresses"
          placeholder={emails.length ? '' : 'name@company.com, another@company.com'}
          error={error}
          helperText={helperText ?? 'Separate addresses with a comma, a space or Enter'}
        />
      )}
    />
  );
}
