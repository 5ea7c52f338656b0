import dagre from '@dagrejs/dagre';
import type { MemoryEdgeDto, MemoryNodeDto } from '@stepwise/shared';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 76;

export interface LaidOutNode {
  id: string;
  /** Top-left corner, as React Flow places nodes. */
  x: number;
  y: number;
}

/** Edges drawn on the map: known ends, no self-loops (a step that stays on its page is listed in the page's Steps tab). */
export function drawableEdges(nodes: readonly MemoryNodeDto[], edges: readonly MemoryEdgeDto[]): MemoryEdgeDto[] {
  const ids = new Set(nodes.map((n) => n.id));
  return edges.filter((e) => e.source !== e.target && ids.has(e.source) && ids.has(e.target));
}

/** Left-to-right layered layout (dagre): each page right of the pages that lead to it. */
export function layoutMemory(nodes: readonly MemoryNodeDto[], edges: readonly MemoryEdgeDto[]): Map<string, LaidOutNode> {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 36, ranksep: 110, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of drawableEdges(nodes, edges)) g.setEdge(e.source, e.target, { weight: edgeStepCount(e) }, e.id);
  dagre.layout(g);
  const out = new Map<string, LaidOutNode>();
  for (const n of nodes) {
    const p = g.node(n.id);
    out.set(n.id, { id: n.id, x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) });
  }
  return out;
}

/** How many times steps took the runs along this edge. */
export function edgeStepCount(edge: Pick<MemoryEdgeDto, 'steps'>): number {
  return edge.steps.reduce((sum, s) => sum + (s.count > 0 ? s.count : 0), 0);
}

export function edgeLabel(edge: Pick<MemoryEdgeDto, 'steps'>): string {
  const n = edgeStepCount(edge);
  return `${n} step${n === 1 ? '' : 's'}`;
}

/** Edges that end on the page, with the title of the page they come from, busiest first. */
export function incomingEdges(nodeId: string, nodes: readonly MemoryNodeDto[], edges: readonly MemoryEdgeDto[]) {
  const titles = new Map(nodes.map((n) => [n.id, n.title || n.route]));
  return edges
    .filter((e) => e.target === nodeId && e.source !== nodeId)
    .map((e) => ({ edge: e, from: titles.get(e.source) ?? e.source, count: edgeStepCount(e) }))
    .sort((a, b) => b.count - a.count);
}
