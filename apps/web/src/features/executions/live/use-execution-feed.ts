import { EXECUTION_EVENTS, EXECUTION_SOCKET_PATH, type ExecutionDto } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { signedInStore } from '../../../api/session';
import { executionKeys } from '../execution-keys';
import { finishLive, liveStore, mergeLive, seedFromList, type LiveInstance } from './live-store';

type LivePatch = Partial<LiveInstance> & { executionInstanceId: string };

const listOf = (payload: unknown): ExecutionDto[] | null => {
  if (Array.isArray(payload)) return payload as ExecutionDto[];
  if (payload && typeof payload === 'object' && Array.isArray((payload as { executions?: unknown }).executions)) {
    return (payload as { executions: ExecutionDto[] }).executions;
  }
  return null;
};

const instanceOf = (payload: unknown): LivePatch | null => {
  const p = payload as Partial<LivePatch> | null;
  return p && typeof p === 'object' && typeof p.executionInstanceId === 'string' ? (p as LivePatch) : null;
};

/** Opens the executions channel (path /ws, polling first then websocket; the session cookie authenticates it). */
export function connectExecutionSocket(projectId: string): Socket {
  return io({ path: EXECUTION_SOCKET_PATH, query: { projectId }, transports: ['polling', 'websocket'] });
}

/**
 * Keeps the project's executions current while mounted: every crudUpdate replaces the cached list;
 * start, statusUpdate:{id} and stop events feed the live instances.
 */
export function useExecutionFeed(projectId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedInStore.get()) return;
    const socket = connectExecutionSocket(projectId);
    const followed = new Set<string>();

    const follow = (id: string) => {
      if (followed.has(id)) return;
      followed.add(id);
      socket.on(EXECUTION_EVENTS.statusUpdate(id), (payload: unknown) => {
        const patch = instanceOf(payload);
        mergeLive({ ...(patch ?? {}), executionInstanceId: id });
      });
    };

    socket.on('connect', () => {
      socket.emit(EXECUTION_EVENTS.subscribeCrud, projectId);
      socket.emit(EXECUTION_EVENTS.subscribeStatus, { projectId });
    });
    socket.on(EXECUTION_EVENTS.crudUpdate, (payload: unknown) => {
      const list = listOf(payload);
      if (!list) return;
      queryClient.setQueryData(executionKeys.list(projectId), list);
      seedFromList(list);
    });
    socket.on(EXECUTION_EVENTS.start, (payload: unknown) => {
      const patch = instanceOf(payload);
      if (!patch) return;
      mergeLive(patch);
    });
    socket.on(EXECUTION_EVENTS.stop, (payload: unknown) => {
      const patch = instanceOf(payload);
      if (patch) finishLive(patch);
    });
    // Every instance the page knows of (from the list, a start event or a run) gets its updates.
    const followAll = () => liveStore.get().forEach((_live, id) => follow(id));
    const unsubscribe = liveStore.subscribe(followAll);
    followAll();
    return () => {
      unsubscribe();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [projectId, queryClient]);
}
