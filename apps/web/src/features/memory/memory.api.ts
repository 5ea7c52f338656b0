import type { MemoryResponse } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const memoryKeys = { map: (projectId: string) => ['memory', projectId, 'map'] as const };

/** GET runs/cucumber-runs/getApplicationMemory: pages the runs visited and the steps between them. */
export async function fetchApplicationMemory(projectId: string): Promise<MemoryResponse['memory']> {
  const res = await api.get<Partial<MemoryResponse> | null>('runs/cucumber-runs/getApplicationMemory', { projectId });
  return { nodes: res?.memory?.nodes ?? [], edges: res?.memory?.edges ?? [] };
}

/** The map can hold large aria snapshots: it leaves the cache (and local storage) a minute after the page closes. */
export function useApplicationMemory(projectId: string) {
  return useQuery({ queryKey: memoryKeys.map(projectId), queryFn: () => fetchApplicationMemory(projectId), gcTime: 60_000 });
}
