import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Tag } from './Tag';

export interface StatCardProps {
  title: string;
  value: string | number;
  valueLabel?: string;
  tagText?: string;
  disabled?: boolean;
  loading?: boolean;
}

export function StatCard({ title, value, valueLabel, tagText, disabled, loading }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 200, opacity: disabled ? 0.55 : 1 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle2" color="text.secondary">
            {title}
          </Typography>
          {tagText && <Tag label={tagText} color="primary" />}
        </Stack>
        {loading ? (
          <Skeleton width={80} height={40} />
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="h5" sx={{ fontWeight: 700 }}>
              {value}
            </Typography>
            {valueLabel && (
              <Typography variant="body2" color="text.secondary">
                {valueLabel}
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
