import type { MemoryEdgeDto, MemoryNodeDto } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { drawableEdges, edgeLabel, edgeStepCount, incomingEdges, layoutMemory, NODE_HEIGHT, NODE_WIDTH } from './memory-layout';

const node = (id: string, title = id): MemoryNodeDto => ({ id, title, route: `/${id}`, url: `http://shop/${id}`, ariaSnapshot: null, visits: 1, steps: [] });
const edge = (source: string, target: string, counts: number[] = [1]): MemoryEdgeDto => ({
  id: `${source}->${target}`,
  source,
  target,
  steps: counts.map((count, i) => ({ text: `step ${i}`, count })),
});

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe('memory map layout', () => {
  const nodes = ['home', 'login', 'products', 'cart', 'checkout'].map((id) => node(id));
  const edges = [edge('home', 'login'), edge('home', 'products', [3, 2]), edge('products', 'cart'), edge('cart', 'checkout'), edge('cart', 'products'), edge('cart', 'cart')];

  it('places every page, left to right along the paths, without overlaps', () => {
    const at = layoutMemory(nodes, edges);
    expect([...at.keys()].sort()).toEqual(['cart', 'checkout', 'home', 'login', 'products']);
    expect(at.get('home')!.x).toBeLessThan(at.get('products')!.x);
    expect(at.get('products')!.x).toBeLessThan(at.get('cart')!.x);
    expect(at.get('cart')!.x).toBeLessThan(at.get('checkout')!.x);
    const list = [...at.values()];
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) expect(overlaps(list[i], list[j])).toBe(false);
  });

  it('lays out pages without edges, and no pages at all', () => {
    const at = layoutMemory([node('a'), node('b')], []);
    expect(at.size).toBe(2);
    expect(overlaps(at.get('a')!, at.get('b')!)).toBe(false);
    expect(layoutMemory([], []).size).toBe(0);
  });

  it('draws no self-loops and no edges to unknown pages', () => {
    const drawn = drawableEdges(nodes, [...edges, edge('home', 'ghost')]);
    expect(drawn.map((e) => e.id)).not.toContain('cart->cart');
    expect(drawn.map((e) => e.id)).not.toContain('home->ghost');
    expect(drawn).toHaveLength(5);
  });

  it('labels an edge with the number of steps taken along it', () => {
    expect(edgeStepCount(edge('a', 'b', [3, 2]))).toBe(5);
    expect(edgeLabel(edge('a', 'b', [3, 2]))).toBe('5 steps');
    expect(edgeLabel(edge('a', 'b', [1]))).toBe('1 step');
    expect(edgeLabel({ steps: [] })).toBe('0 steps');
  });

  it('lists the edges into a page with their source titles, busiest first', () => {
    const titled = [node('home', 'Home'), node('products', 'Products'), node('cart', 'Cart')];
    const incoming = incomingEdges('products', titled, [edge('home', 'products', [1]), edge('cart', 'products', [2, 2]), edge('products', 'products')]);
    expect(incoming.map((i) => [i.from, i.count])).toEqual([
      ['Cart', 4],
      ['Home', 1],
    ]);
  });
});
