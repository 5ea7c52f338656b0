import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useSignedIn } from '../../api/session';
import { SOCKET_PATH } from '../workspace/use-publish-refresh';
import { runKeys } from './run-keys';

/** A report uploaded to the project (CLI, CI, another member) refreshes the runs list and its counts. */
export function useUploadRefresh(projectId: string): void {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || !projectId) return;
    const socket = io({ path: SOCKET_PATH, auth: { projectId }, transports: ['websocket'] });
    socket.on('upload_report', (payload: { projectId?: string } | undefined) => {
      if (payload?.projectId && payload.projectId !== projectId) return;
      void queryClient.invalidateQueries({ queryKey: runKeys.project(projectId) });
    });
    return () => {
      socket.disconnect();
    };
  }, [signedIn, projectId, queryClient]);
}
