import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/web-constants';

function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#2f5d8a" />
      <path d="M8 22h5v-5h5v-5h6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Box component={Link} to={to} aria-label={`${PRODUCT_NAME} home`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'text.primary' }}>
      <Mark />
      <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
