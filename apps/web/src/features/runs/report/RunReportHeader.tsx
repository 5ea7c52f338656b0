import TerminalIcon from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunReportDto } from '@stepwise/shared';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CopyButton } from '../../../components/CopyButton';
import { StatusChip } from '../common/StatusChip';
import { formatDateTime, modeLabel } from '../logic/run-list';
import { ExportMenu } from './ExportMenu';

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid={`run-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Typography>
    </Box>
  );
}

interface Props {
  projectId: string;
  run: RunReportDto;
  onLogs: () => void;
}

/** Name, status, publish time, mode, user, environment; export, copy link and (planner runs) the execution logs. */
export function RunReportHeader({ projectId, run, onLogs }: Props) {
  const link = `${window.location.origin}/${projectId}/run-report/${run._id}`;
  const r = run.report;
  return (
    <Box sx={{ mb: 2.5 }}>
      <Breadcrumbs items={[{ title: 'Executions', href: `/${projectId}/runs` }, { title: run.name }]} />
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {run.name}
          </Typography>
          <StatusChip status={run.status} />
        </Stack>
        <Stack direction="row" spacing={1}>
          {r.mode === 'executions' && run.instanceId && (
            <Button variant="outlined" size="small" startIcon={<TerminalIcon />} onClick={onLogs}>
              Execution logs
            </Button>
          )}
          <ExportMenu runId={run._id} runName={run.name} />
          <CopyButton text={link} label="Copy link" ariaLabel="Copy link" />
        </Stack>
      </Stack>
      <Stack direction="row" spacing={4} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Meta label="Published" value={formatDateTime(r.publishTime)} />
        <Meta label="Mode" value={modeLabel(r.mode)} />
        <Meta label="Run by" value={r.username ?? '-'} />
        <Meta label="Environment" value={r.env?.name ?? '-'} />
        <Meta label="Branch" value={r.branch ?? '-'} />
      </Stack>
      {r.errors.length > 0 && (
        <Typography role="note" color="error" variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
          {r.errors.join('\n')}
        </Typography>
      )}
    </Box>
  );
}
