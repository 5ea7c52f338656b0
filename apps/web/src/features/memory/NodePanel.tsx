import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { MemoryEdgeDto, MemoryNodeDto } from '@stepwise/shared';
import { useState } from 'react';
import { incomingEdges } from './memory-layout';
import { StepList } from './StepList';

interface Props {
  page: MemoryNodeDto;
  nodes: readonly MemoryNodeDto[];
  edges: readonly MemoryEdgeDto[];
  onClose: () => void;
}

type PanelTab = 'snapshot' | 'steps';

/** The selected page: its aria snapshot (YAML) and the steps that led there. */
export function NodePanel({ page, nodes, edges, onClose }: Props) {
  const [tab, setTab] = useState<PanelTab>('snapshot');
  const incoming = incomingEdges(page.id, nodes, edges);
  const title = page.title || 'Untitled page';
  return (
    <Paper
      component="aside"
      aria-label={`Page: ${title}`}
      variant="outlined"
      sx={{ width: 420, flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0, borderRadius: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, p: 2, pb: 1 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary', wordBreak: 'break-all' }}>
            {page.route || '/'}
          </Typography>
          {page.url && (
            <Link href={page.url} target="_blank" rel="noreferrer" variant="caption" sx={{ wordBreak: 'break-all' }}>
              {page.url}
            </Link>
          )}
        </Box>
        <IconButton aria-label="Close page details" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_e, v: PanelTab) => setTab(v)} aria-label="Page details" sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="snapshot" label="Aria snapshot" id="memory-tab-snapshot" aria-controls="memory-tabpanel" />
        <Tab value="steps" label="Steps" id="memory-tab-steps" aria-controls="memory-tabpanel" />
      </Tabs>
      <Box role="tabpanel" id="memory-tabpanel" aria-labelledby={`memory-tab-${tab}`} sx={{ flex: 1, overflow: 'auto', p: 2 }}>
        {tab === 'snapshot' &&
          (page.ariaSnapshot ? (
            <Box
              component="pre"
              data-testid="aria-snapshot"
              sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, lineHeight: 1.5, whiteSpace: 'pre', overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
            >
              {page.ariaSnapshot}
            </Box>
          ) : (
            <Typography color="text.secondary">No aria snapshot was recorded for this page.</Typography>
          ))}
        {tab === 'steps' && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                Steps that ended on this page
              </Typography>
              {page.steps.length > 0 ? (
                <StepList steps={page.steps} label="Steps that ended on this page" />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No step is recorded for this page.
                </Typography>
              )}
            </Box>
            {incoming.map(({ edge, from, count }) => (
              <Box key={edge.id}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  From {from} ({count} step{count === 1 ? '' : 's'})
                </Typography>
                <StepList steps={edge.steps} label={`Steps from ${from}`} />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
