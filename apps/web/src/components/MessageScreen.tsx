import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface MessageScreenProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

/** Full-page message (not found, errors). */
export function MessageScreen({ title, text, action, icon }: MessageScreenProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 3 }}>
      <Paper variant="outlined" sx={{ p: 5, maxWidth: 520, textAlign: 'center', borderRadius: 3 }}>
        {icon && <Box sx={{ color: 'primary.main', mb: 2, '& svg': { fontSize: 48 } }}>{icon}</Box>}
        <Typography variant="h4" component="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {text && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text}
          </Typography>
        )}
        {action}
      </Paper>
    </Box>
  );
}
