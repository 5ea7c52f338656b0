import Chip, { type ChipProps } from '@mui/material/Chip';

export interface TagProps {
  label: string;
  color?: ChipProps['color'];
}

/** Small rounded label used for roles, statuses and plans. */
export function Tag({ label, color = 'default' }: TagProps) {
  return <Chip size="small" label={label} color={color} variant="outlined" sx={{ fontWeight: 600, height: 22 }} />;
}
