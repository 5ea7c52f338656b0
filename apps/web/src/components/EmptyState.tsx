import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
        py: 6,
        px: 3,
        textAlign: 'center',
        bgcolor: 'background.paper',
      }}
    >
      {icon && <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="h6" component="p" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Box>
  );
}
