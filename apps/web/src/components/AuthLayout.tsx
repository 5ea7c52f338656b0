import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../app/shell/Logo';

export interface AuthLayoutProps {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** Centered card on a soft background for the public pages. */
export function AuthLayout({ title, subtitle, children, width = 440 }: AuthLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        background: 'linear-gradient(160deg, #eef3f8 0%, #f7f9fb 55%, #edf5f2 100%)',
      }}
    >
      <Box sx={{ mb: 3 }}>
        <Logo to="/" />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        {title && (
          <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.75 : 3 }}>
            {title}
          </Typography>
        )}
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
