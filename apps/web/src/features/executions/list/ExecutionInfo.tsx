import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExecutionDto } from '@stepwise/shared';
import { envDisplayName } from '../logic/features';

/** Name, branch and environment of an execution, and who created it. */
export function ExecutionInfo({ execution, createdBy }: { execution: Pick<ExecutionDto, 'name' | 'branch' | 'env'>; createdBy?: string }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {execution.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {execution.branch} · {envDisplayName(execution.env)}
        {createdBy !== undefined && ` · by ${createdBy}`}
      </Typography>
    </Stack>
  );
}
