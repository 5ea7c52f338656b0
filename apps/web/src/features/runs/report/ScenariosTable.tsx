import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RunMarkDto, TestCaseRow } from '@stepwise/shared';
import { Fragment } from 'react';
import type { ScenarioGroup } from '../logic/run-report';
import { ScenarioRow } from './ScenarioRow';

export const SCENARIO_COLUMNS = [
  'Scenario',
  'Start time',
  'Comment',
  'Status',
  'Error message',
  'Root cause',
  'Retraining reason',
  'Duration',
  'Past executions',
];

interface Props {
  groups: ScenarioGroup[];
  emptyText: string;
  /** The scenario history's marks by test case id. */
  marks?: Map<string, RunMarkDto>;
  onOpen: (testCase: TestCaseRow, newTab: boolean) => void;
  onComment: (testCase: TestCaseRow) => void;
}

/** The run's scenarios, optionally grouped, with AI retrains as child rows. */
export function ScenariosTable({ groups, emptyText, marks, onOpen, onComment }: Props) {
  const empty = groups.every((g) => g.rows.length === 0);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Scenarios" size="small">
        <TableHead>
          <TableRow sx={{ bgcolor: 'grey.50' }}>
            {SCENARIO_COLUMNS.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, py: 1.5, lineHeight: 1.3 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {empty && (
            <TableRow>
              <TableCell colSpan={SCENARIO_COLUMNS.length} sx={{ py: 5, textAlign: 'center' }}>
                <Typography color="text.secondary">{emptyText}</Typography>
              </TableCell>
            </TableRow>
          )}
          {groups.map((g) =>
            g.rows.length === 0 ? null : (
              <Fragment key={g.key}>
                {g.title && (
                  <TableRow data-testid="scenario-group">
                    <TableCell colSpan={SCENARIO_COLUMNS.length} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                      {g.title} ({g.rows.length})
                    </TableCell>
                  </TableRow>
                )}
                {g.rows.map((r) => (
                  <Fragment key={r.row.id}>
                    <ScenarioRow testCase={r.row} mark={marks?.get(r.row.id)} onOpen={onOpen} onComment={onComment} />
                    {r.children.map((c) => (
                      <ScenarioRow key={c.row.id} testCase={c.row} aiLabel={c.label} onOpen={onOpen} onComment={onComment} />
                    ))}
                  </Fragment>
                ))}
              </Fragment>
            ),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
