import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FailureGroupDto } from '@stepwise/shared';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../logic/run-list';

export const FAILURE_GROUP_PAGE_SIZES = [10, 25, 50] as const;

interface Props {
  projectId: string;
  groups: FailureGroupDto[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** One row per failure signature: what failed, how often, in how many scenarios and runs, when, and its latest failure to open. */
export function FailureGroupsTable({ projectId, groups, total, page, pageSize, onPage, onPageSize }: Props) {
  return (
    <>
      <Table size="small" aria-label="Failure groups">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'grey.50', whiteSpace: 'nowrap' } }}>
            <TableCell>Failure</TableCell>
            <TableCell align="right">Failures</TableCell>
            <TableCell align="right">Scenarios</TableCell>
            <TableCell align="right">Runs</TableCell>
            <TableCell>First seen</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell>Latest failure</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => (
            <TableRow key={g.signature} data-testid="failure-group" sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ maxWidth: 480 }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-word' }} data-testid="failure-message">
                  {g.message || '(no message)'}
                </Typography>
                {g.step && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
                    Step: {g.step}
                  </Typography>
                )}
                {g.frame && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    at {g.frame}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" data-testid="failure-count">
                {g.failures}
              </TableCell>
              <TableCell align="right">{g.scenarios}</TableCell>
              <TableCell align="right">{g.runs}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(g.firstSeen)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(g.lastSeen)}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Link component={RouterLink} to={`/${projectId}/run-report/${g.example.runId}/${g.example.testCaseId}`} sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                  {g.example.scenarioName || 'Open the scenario'}
                  {g.example.example ? ` (${g.example.example})` : ''}
                </Link>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
                  {g.example.featurePath}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...FAILURE_GROUP_PAGE_SIZES]}
        labelRowsPerPage="Groups per page"
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
      />
    </>
  );
}
