import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ExecutionDto, MemberDto } from '@stepwise/shared';
import { scheduleLabel } from '../logic/schedule';
import { executionBadge, personName } from '../logic/status';
import { EnabledToggle } from './EnabledToggle';
import { ExecutionInfo } from './ExecutionInfo';
import { ExecutionRowActions } from './ExecutionRowActions';
import { ExecutionStatusBadge } from './ExecutionStatusBadge';

interface Props {
  executions: ExecutionDto[];
  members: MemberDto[];
  isLive: (id: string) => boolean;
  togglingId: string | null;
  onOpen: (e: ExecutionDto) => void;
  onRun: (e: ExecutionDto) => void;
  onEditSchedule: (e: ExecutionDto) => void;
  onDelete: (e: ExecutionDto) => void;
  onToggle: (e: ExecutionDto, enabled: boolean) => void;
}

const HEADERS = ['Execution info', 'Modified By', 'Schedule', 'Status', 'Actions', 'Enabled'];

/** The All view: every execution of the project with its schedule, status and actions. */
export function AllExecutionsTable({ executions, members, isLive, togglingId, onOpen, onRun, onEditSchedule, onDelete, onToggle }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="All executions">
        <TableHead>
          <TableRow sx={{ bgcolor: 'grey.50' }}>
            {HEADERS.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600 }} align={h === 'Enabled' || h === 'Actions' ? 'center' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {executions.map((e) => (
            <TableRow key={e._id} hover onClick={() => onOpen(e)} sx={{ cursor: 'pointer' }} data-testid="execution-row" aria-label={e.name}>
              <TableCell>
                <ExecutionInfo execution={e} createdBy={personName(e.userId, members, e.createdByName)} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{personName(e.modifiedByUserId, members, e.modifiedByName)}</Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2" color={e.schedule ? 'text.primary' : 'text.secondary'}>
                  {scheduleLabel(e.schedule)}
                </Typography>
              </TableCell>
              <TableCell>
                <ExecutionStatusBadge status={executionBadge(e, isLive(e._id))} />
              </TableCell>
              <TableCell align="center">
                <ExecutionRowActions execution={e} onRun={onRun} onEditSchedule={onEditSchedule} onDelete={onDelete} />
              </TableCell>
              <TableCell align="center">
                <EnabledToggle execution={e} busy={togglingId === e._id} onChange={(on) => onToggle(e, on)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
