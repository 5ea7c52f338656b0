import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <MuiBreadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
      {items.map((item, index) =>
        item.href && index < items.length - 1 ? (
          <MuiLink key={item.title} component={Link} to={item.href} underline="hover" color="inherit">
            {item.title}
          </MuiLink>
        ) : (
          <Typography key={item.title} color="text.primary">
            {item.title}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
