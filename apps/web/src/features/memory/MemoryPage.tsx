import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RUNS_MESSAGES } from '@stepwise/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText, isUnauthorized } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { useProject } from '../projects/use-projects';
import { useApplicationMemory } from './memory.api';
import { drawableEdges } from './memory-layout';
import { MemoryGraph } from './MemoryGraph';
import { NodePanel } from './NodePanel';

/** "Application map and memory" (spec 2.11): the pages the runs visited, the steps between them. */
export function MemoryPage() {
  const project = useProject();
  const memory = useApplicationMemory(project._id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const nodes = memory.data?.nodes ?? [];
  const edges = memory.data?.edges ?? [];
  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const paths = drawableEdges(nodes, edges).length;

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: { xs: 2, md: 3 }, gap: 2, minHeight: 0 }}>
      <Box>
        <Link component={RouterLink} to="../dashboard" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
          <ArrowBackIcon fontSize="small" />
          Back to dashboard
        </Link>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            Application map and memory
          </Typography>
          {nodes.length > 0 && (
            <Typography data-testid="memory-summary" color="text.secondary">
              {nodes.length} page{nodes.length === 1 ? '' : 's'} · {paths} path{paths === 1 ? '' : 's'} · select a page for its details
            </Typography>
          )}
        </Stack>
      </Box>
      {memory.isPending && (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading the application map" />
        </Box>
      )}
      {memory.isError && !isUnauthorized(memory.error) && <Alert severity="error">The application map could not be loaded: {errorText(memory.error)}</Alert>}
      {memory.isSuccess && nodes.length === 0 && (
        <EmptyState
          icon={<AccountTreeOutlinedIcon />}
          title={RUNS_MESSAGES.noMemory}
          text="The map fills in as your scenarios run: every page a run visits becomes a node, and the steps that move between pages become its paths."
          action={
            <Button variant="outlined" component={RouterLink} to={`/${project._id}/executions`}>
              Go to Executions
            </Button>
          }
        />
      )}
      {nodes.length > 0 && (
        <Box sx={{ flex: 1, display: 'flex', gap: 2, minHeight: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}>
            <MemoryGraph nodes={nodes} edges={edges} selectedId={selectedId} onSelect={setSelectedId} />
          </Box>
          {selected && <NodePanel key={selected.id} page={selected} nodes={nodes} edges={edges} onClose={() => setSelectedId(null)} />}
        </Box>
      )}
    </Box>
  );
}
