import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MemoryNodeDto } from '@stepwise/shared';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { NODE_HEIGHT, NODE_WIDTH } from './memory-layout';

export type PageNodeType = Node<{ page: MemoryNodeDto }, 'page'>;

const hidden = { opacity: 0, width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0 };

/** A page of the map: its title, its route and how often the runs were there. */
export function PageNode({ data, selected }: NodeProps<PageNodeType>) {
  const { page } = data;
  return (
    <Box
      data-testid="memory-node"
      sx={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        px: 1.5,
        py: 1,
        borderRadius: 1.5,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
        boxShadow: selected ? 4 : 1,
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />
      <Typography data-testid="memory-node-title" variant="subtitle2" noWrap title={page.title || page.route} sx={{ fontWeight: 700 }}>
        {page.title || 'Untitled page'}
      </Typography>
      <Typography data-testid="memory-node-route" variant="caption" noWrap title={page.url || page.route} sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
        {page.route || '/'}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {page.visits} visit{page.visits === 1 ? '' : 's'}
      </Typography>
      <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />
    </Box>
  );
}
