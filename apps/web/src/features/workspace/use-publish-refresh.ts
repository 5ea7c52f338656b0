import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useSignedIn } from '../../api/session';
import { wsKeys } from './workspace-keys';

/** The server's socket.io channel (one room per project). */
export const SOCKET_PATH = '/api/storage/ws/socket.io';
/** After a publish_scenario event the counts and lists are read again this long after it (spec 001 section 7). */
export const PUBLISH_REFRESH_DELAYS_MS = [10_000, 60_000] as const;

/** The scenario count and, on every branch, the feature list and the implemented steps. */
export function refreshPublished(queryClient: QueryClient, projectId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: wsKeys.count(projectId) }),
    queryClient.invalidateQueries({
      queryKey: wsKeys.project(projectId),
      predicate: (q) => q.queryKey.length === 5 && q.queryKey[2] === 'branch' && (q.queryKey[4] === 'features' || q.queryKey[4] === 'steps'),
    }),
  ]);
}

/**
 * Listens to the project's realtime channel: a scenario published elsewhere (the recorder, the CLI,
 * a teammate) refreshes the feature count and list 10 s and again 60 s later.
 */
export function usePublishRefresh(projectId: string): void {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || !projectId) return;
    const socket = io({ path: SOCKET_PATH, auth: { projectId }, transports: ['websocket'] });
    const timers = new Set<ReturnType<typeof setTimeout>>();
    socket.on('publish_scenario', (payload: { projectId?: string } | undefined) => {
      if (payload?.projectId && payload.projectId !== projectId) return;
      for (const delay of PUBLISH_REFRESH_DELAYS_MS) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void refreshPublished(queryClient, projectId);
        }, delay);
        timers.add(timer);
      }
    });
    return () => {
      socket.disconnect();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [signedIn, projectId, queryClient]);
}
