import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';

interface Props {
  steps: ReadonlyArray<{ text: string; count: number }>;
  label: string;
}

/** Step texts with how many times each was taken, most frequent first. */
export function StepList({ steps, label }: Props) {
  const sorted = [...steps].sort((a, b) => b.count - a.count);
  return (
    <List dense disablePadding aria-label={label}>
      {sorted.map((s) => (
        <ListItem
          key={s.text}
          disableGutters
          secondaryAction={<Chip size="small" label={`× ${s.count}`} aria-label={`${s.count} time${s.count === 1 ? '' : 's'}`} />}
          sx={{ pr: 7 }}
        >
          <ListItemText primary={s.text} slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-word' } } }} />
        </ListItem>
      ))}
    </List>
  );
}
