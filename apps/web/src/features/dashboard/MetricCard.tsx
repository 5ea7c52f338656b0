import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface MetricCardProps {
  title: string;
  value: ReactNode;
  /** How the figure was reached, or what it means, in one short line. */
  caption?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  /** Emphasised card (the budget). */
  highlight?: boolean;
}

/** One figure of the dashboard: a labelled group, its value under the test id "metric-value". */
export function MetricCard({ title, value, caption, icon, loading, highlight }: MetricCardProps) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      role="group"
      aria-labelledby={titleId}
      sx={{ flex: '1 1 160px', minWidth: 160, ...(highlight && { borderColor: 'primary.main', bgcolor: (t) => alpha(t.palette.primary.main, 0.05) }) }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, color: 'text.secondary' }}>
          {icon}
          <Typography id={titleId} variant="subtitle2" color="text.secondary">
            {title}
          </Typography>
        </Stack>
        {loading ? (
          <Skeleton width={90} height={40} />
        ) : (
          <Typography data-testid="metric-value" variant="h5" sx={{ fontWeight: 700, color: highlight ? 'primary.main' : 'text.primary' }}>
            {value}
          </Typography>
        )}
        {caption && (
          <Typography data-testid="metric-caption" variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
