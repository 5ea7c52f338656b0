import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addParameter, removeParameter, updateParameter, type IdeaRow } from './ideas-state';

export interface IdeaCardProps {
  row: IdeaRow;
  number: number;
  onChange: (patch: Partial<IdeaRow>) => void;
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 };

/** One idea: chosen or not; its name, flow (one step per line) and parameter rows, all editable. */
export function IdeaCard({ row, number, onChange }: IdeaCardProps) {
  const label = row.name.trim() || `idea ${number}`;
  return (
    <Paper component="li" variant="outlined" aria-label={`Idea ${number}`} sx={{ p: 1.5, listStyle: 'none', borderColor: row.selected ? 'primary.main' : 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Checkbox checked={row.selected} onChange={(e) => onChange({ selected: e.target.checked })} slotProps={{ input: { 'aria-label': `Select ${label}` } }} />
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0, pt: 0.5 }}>
          <TextField label="Scenario name" size="small" value={row.name} onChange={(e) => onChange({ name: e.target.value })} />
          <TextField
            label="Flow"
            helperText="One step per line; <name> stands for a parameter"
            multiline
            minRows={2}
            maxRows={10}
            size="small"
            value={row.flow}
            onChange={(e) => onChange({ flow: e.target.value })}
            slotProps={{ input: { sx: mono } }}
          />
          <Stack spacing={1} role="group" aria-label={`Parameters of ${label}`}>
            {row.parameters.length > 0 && (
              <Typography variant="caption" color="text.secondary">
                Parameters: the example row of the Scenario Outline
              </Typography>
            )}
            {row.parameters.map((p, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  label="Parameter"
                  value={p.key}
                  onChange={(e) => onChange(updateParameter(row, i, { key: e.target.value }))}
                  slotProps={{ htmlInput: { 'aria-label': `Name of parameter ${i + 1}` } }}
                  sx={{ width: 180 }}
                />
                <TextField
                  size="small"
                  label="Value"
                  value={p.value}
                  onChange={(e) => onChange(updateParameter(row, i, { value: e.target.value }))}
                  slotProps={{ htmlInput: { 'aria-label': `Value of parameter ${i + 1}` } }}
                  sx={{ flex: 1 }}
                />
                <IconButton aria-label={`Remove parameter ${p.key || i + 1}`} onClick={() => onChange(removeParameter(row, i))} size="small">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Button size="small" startIcon={<AddIcon />} onClick={() => onChange(addParameter(row))} sx={{ alignSelf: 'flex-start' }}>
              Add parameter
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
