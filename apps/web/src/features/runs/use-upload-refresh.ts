import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useToken } from '../../api/session';
import { SOCKET_PATH } from '../workspace/use-publish-refresh';
import { runKeys } from './run-keys';

/** A report uploaded to the project (CLI, CI, another member) refreshes the runs list and its counts. */
export function useUploadRefresh(projectId: string): void {
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !projectId) return;
    const socket = io({ path: SOCKET_PATH, auth: { token, projectId }, transports: ['websocket'] });
    socket.on('upload_report', (payload: { projectId?: string } | undefined) => {
      if (payload?.projectId && payload.projectId !== projectId) return;
      void queryClient.invalidateQueries({ queryKey: runKeys.project(projectId) });
    });
    return () => {
      socket.disconnect();
    };
  }, [token, projectId, queryClient]);
}
