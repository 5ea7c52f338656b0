import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ChecklistItemProps {
  index: number;
  title: string;
  text: string;
  done: boolean;
  action?: ReactNode;
}

export function ChecklistItem({ index, title, text, done, action }: ChecklistItemProps) {
  return (
    <Stack
      component="li"
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', py: 2, px: 2.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      {done ? (
        <CheckCircleIcon color="success" sx={{ fontSize: 32 }} aria-label="Done" />
      ) : (
        <Avatar sx={{ width: 32, height: 32, fontSize: 15, bgcolor: 'primary.light' }}>{index}</Avatar>
      )}
      <Box sx={{ flex: 1 }}>
        <Typography sx={{ fontWeight: 600, textDecoration: done ? 'line-through' : 'none', color: done ? 'text.secondary' : 'text.primary' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}
