import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardDataDto } from '@stepwise/shared';
import { chartBuckets, hasRuns, MAX_DAILY_BARS } from './chart-series';
import type { DateRange } from './periods';

interface Props {
  series: DashboardDataDto['series'];
  range: DateRange;
}

const HEIGHT = 280;
const EMPTY_HEIGHT = 180;

/** Executions passed and failed per day (per month for long periods), stacked. */
export function RunsChart({ series, range }: Props) {
  const theme = useTheme();
  const buckets = chartBuckets(series, range);
  const monthly = buckets.length > 0 && buckets[0].key.length === 7;
  const title = monthly ? 'Executions per month' : 'Executions per day';
  return (
    <Card variant="outlined" component="figure" aria-label={title} sx={{ m: 0 }}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" component="figcaption">
          {title}
        </Typography>
        {hasRuns(buckets) ? (
          <Box data-testid="runs-chart">
            <BarChart
              height={HEIGHT}
              xAxis={[
                {
                  scaleType: 'band',
                  data: buckets.map((b) => b.label),
                  tickLabelInterval: (_value, index) => buckets.length <= MAX_DAILY_BARS / 2 || index % 2 === 0,
                },
              ]}
              yAxis={[{ tickMinStep: 1, width: 40 }]}
              series={[
                { data: buckets.map((b) => b.passed), label: 'Passed', stack: 'runs', color: theme.palette.success.main },
                { data: buckets.map((b) => b.failed), label: 'Failed', stack: 'runs', color: theme.palette.error.main },
              ]}
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              grid={{ horizontal: true }}
            />
          </Box>
        ) : (
          <Box
            data-testid="runs-chart-empty"
            sx={{ height: EMPTY_HEIGHT, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}
          >
            <Typography sx={{ fontWeight: 600 }}>No executions in this period</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420, mt: 0.5 }}>
              Passed and failed runs appear here day by day once scenarios run from Executions, your CI/CD pipeline or the stepwise CLI.
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
