import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { MemoryEdgeDto, MemoryNodeDto } from '@stepwise/shared';
import { Background, MarkerType, ReactFlow, useNodesState, type Edge, type OnSelectionChangeParams } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FIT_OPTIONS, KeepInView } from './KeepInView';
import { drawableEdges, edgeLabel, layoutMemory } from './memory-layout';
import { PageNode, type PageNodeType } from './PageNode';
import { ZoomControls } from './ZoomControls';
import { MAX_ZOOM, MIN_ZOOM } from './zoom';

interface Props {
  nodes: readonly MemoryNodeDto[];
  edges: readonly MemoryEdgeDto[];
  selectedId: string | null;
  /** Keep it stable (a state setter): see onSelectionChange. */
  onSelect: (id: string | null) => void;
}

const nodeTypes = { page: PageNode };

function toFlowNodes(nodes: readonly MemoryNodeDto[], edges: readonly MemoryEdgeDto[], selectedId: string | null): PageNodeType[] {
  const layout = layoutMemory(nodes, edges);
  return nodes.map((page) => {
    const at = layout.get(page.id)!;
    return {
      id: page.id,
      type: 'page',
      position: { x: at.x, y: at.y },
      data: { page },
      selected: page.id === selectedId,
      ariaRole: 'button',
      ariaLabel: `${page.title || 'Untitled page'} (${page.route || '/'})`,
    };
  });
}

/** The pages as a left-to-right graph (dagre layout), edges labelled with their step counts. */
export function MemoryGraph({ nodes, edges, selectedId, onSelect }: Props) {
  const theme = useTheme();
  const fitted = useRef(true);
  const [flowNodes, setFlowNodes, onNodesChange] = useNodesState<PageNodeType>([]);

  // A new map (refetch) is laid out again; the selection is kept.
  useEffect(() => {
    setFlowNodes((current) => toFlowNodes(nodes, edges, current.find((n) => n.selected)?.id ?? null));
  }, [nodes, edges, setFlowNodes]);

  // The panel's close button clears the selection on the map too.
  useEffect(() => {
    setFlowNodes((current) => current.map((n) => (!!n.selected === (n.id === selectedId) ? n : { ...n, selected: n.id === selectedId })));
  }, [selectedId, setFlowNodes]);

  const flowEdges = useMemo<Edge[]>(() => {
    const title = new Map(nodes.map((n) => [n.id, n.title || n.route]));
    return drawableEdges(nodes, edges).map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        label: edgeLabel(e),
        ariaLabel: `${edgeLabel(e)} from ${title.get(e.source)} to ${title.get(e.target)}`,
        markerEnd: { type: MarkerType.ArrowClosed, color: theme.palette.text.secondary },
        style: { stroke: theme.palette.text.secondary, strokeWidth: 1.5 },
        labelStyle: { fontSize: 12, fill: theme.palette.text.primary },
        labelBgStyle: { fill: theme.palette.background.paper },
        labelBgPadding: [6, 3] as [number, number],
        labelBgBorderRadius: 4,
        focusable: false,
      }));
  }, [nodes, edges, theme]);

  // Stable on purpose: React Flow calls a new handler at once with the selection it holds, which
  // (still the old one while the page clears it) would select the closed page again.
  const onSelectionChange = useCallback(({ nodes: selected }: OnSelectionChangeParams) => onSelect(selected[0]?.id ?? null), [onSelect]);

  return (
    <Box data-testid="memory-graph" sx={{ position: 'relative', width: '100%', height: '100%' }}>
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onSelectionChange={onSelectionChange}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        fitView
        fitViewOptions={FIT_OPTIONS}
        // A move the user makes (drag, wheel, pinch) has an event; the map's own moves have none.
        onMoveStart={(event) => {
          if (event) fitted.current = false;
        }}
        nodesConnectable={false}
        edgesFocusable={false}
        elementsSelectable
        multiSelectionKeyCode={null}
        selectionKeyCode={null}
        deleteKeyCode={null}
        aria-label="Application map"
      >
        <Background gap={20} color={theme.palette.divider} />
        <ZoomControls fitted={fitted} />
        <KeepInView selectedId={selectedId} fitted={fitted} />
      </ReactFlow>
    </Box>
  );
}
