import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isNetworkFailure, type NetworkEntry, networkStatusLabel, sizeKb2, timeBarPercent } from '@stepwise/shared';
import { splitUrl } from '../logic/network';

const HEADERS = ['URL', 'Host', 'Time', 'Status', 'Size', 'Method', 'Type'];

/** Requests with URL, host, time bar (full at 1000 ms), status, size in kb, method and type. */
export function NetworkTable({ entries, label }: { entries: readonly NetworkEntry[]; label: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e, i) => {
            const { host, path } = splitUrl(e.requestUrl);
            const failed = isNetworkFailure(e.status);
            return (
              <TableRow key={`${i}:${e.requestUrl}`} data-testid="network-row">
                <TableCell sx={{ maxWidth: 240 }}>
                  <Typography variant="body2" noWrap title={e.requestUrl} sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {path || e.requestUrl}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{host || '-'}</TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <LinearProgress variant="determinate" value={timeBarPercent(e.responseTime)} aria-label={`${Math.round(e.responseTime)} ms`} color={e.responseTime >= 1000 ? 'warning' : 'primary'} />
                  <Typography variant="caption" color="text.secondary">
                    {Math.round(e.responseTime)} ms
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" color={failed ? 'error' : 'success.main'} sx={{ fontWeight: 600 }}>
                    {typeof e.status === 'number' && e.status > 0 ? `${e.status} ` : ''}
                    {networkStatusLabel(e.status)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeKb2(e.size)} kb</TableCell>
                <TableCell>{e.method}</TableCell>
                <TableCell>{e.type}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
