import { RECORDER_MESSAGES, type RecordedStep, type RecorderCommand, type RecorderFrame, type RecorderInput, type RecorderState } from '@stepwise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { errorText } from '../../../api/client';
import { useSignedIn } from '../../../api/session';
import { SOCKET_PATH } from '../../workspace/use-publish-refresh';
import { closeRecorderSession, startRecorderSession } from './recorder.api';

export type SessionPhase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting' }
  | { kind: 'error'; message: string }
  | { kind: 'ended'; message: string }
  /** Saved or discarded: the session was closed on purpose. */
  | { kind: 'closed' };

export type PageInfo = Omit<RecorderState, 'steps'>;

interface JoinAck {
  ok: boolean;
  state?: RecorderState;
  frame?: RecorderFrame;
  error?: string;
}

export interface SessionOptions {
  projectId: string;
  envName: string | null;
  branch: string;
  viewport: { width: number; height: number };
  /** An open session to join instead of starting one. */
  joinSessionId?: string | null;
}

const COMMAND_TIMEOUT_MS = 30_000;

/**
 * One cloud recorder session: started for the project's environment and branch, joined over the
 * app's socket.io channel (frames, steps and page changes in; input and commands out), closed when
 * the page is left, unmounted, saved or discarded.
 */
export function useRecorderSession({ projectId, envName, branch, viewport, joinSessionId = null }: SessionOptions) {
  const signedIn = useSignedIn();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'idle' });
  const [steps, setSteps] = useState<RecordedStep[]>([]);
  const [page, setPage] = useState<PageInfo | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const openRef = useRef<string | null>(null);
  const frameListeners = useRef(new Set<(frame: RecorderFrame) => void>());
  const lastFrame = useRef<RecorderFrame | null>(null);
  const viewportRef = useRef(viewport);
  viewportRef.current = viewport;

  useEffect(() => {
    if (!envName || !signedIn) return;
    let cancelled = false;
    let socket: Socket | null = null;
    const frame = (f: RecorderFrame) => {
      lastFrame.current = f;
      for (const listener of frameListeners.current) listener(f);
    };
    const forget = () => {
      openRef.current = null;
      socket?.disconnect();
    };
    // Started on the next task: a mount undone at once (StrictMode) starts nothing.
    const timer = setTimeout(async () => {
      setPhase({ kind: 'starting' });
      setSteps([]);
      setPage(null);
      lastFrame.current = null;
      let id: string;
      try {
        id = joinSessionId ?? await startRecorderSession({ project_id: projectId, env_name: envName, git_branch: branch, viewport: viewportRef.current });
      } catch (err) {
        if (!cancelled) setPhase({ kind: 'error', message: errorText(err) });
        return;
      }
      if (cancelled) return closeRecorderSession(id);
      openRef.current = id;
      setSessionId(id);
      setPhase({ kind: 'connecting' });
      const s = io({ path: SOCKET_PATH, auth: { projectId }, transports: ['websocket'] });
      socket = s;
      socketRef.current = s;
      s.on('connect', () => {
        s.emit('recorder:join', { session_id: id }, (ack: JoinAck) => {
          if (cancelled) return;
          if (!ack?.ok) {
            forget();
            setPhase({ kind: 'error', message: ack?.error || RECORDER_MESSAGES.sessionNotFound });
            return;
          }
          if (ack.state) {
            setSteps(ack.state.steps);
            setPage({ url: ack.state.url, title: ack.state.title, viewport: ack.state.viewport });
          }
          if (ack.frame) frame(ack.frame);
          setPhase({ kind: 'live' });
        });
      });
      s.on('connect_error', (err: Error) => {
        if (err.message === 'Unauthorized' || err.message === 'Forbidden') setPhase({ kind: 'error', message: 'The live connection to the recorder was refused.' });
        else setPhase((p) => (p.kind === 'live' || p.kind === 'connecting' ? { kind: 'reconnecting' } : p));
      });
      s.on('disconnect', () => setPhase((p) => (p.kind === 'live' ? { kind: 'reconnecting' } : p)));
      s.on('recorder:frame', frame);
      s.on('recorder:steps', (next: RecordedStep[]) => Array.isArray(next) && setSteps(next));
      s.on('recorder:page', (info: PageInfo) => setPage(info));
      s.on('recorder:ended', (info: { message?: string } | undefined) => {
        forget();
        setPhase({ kind: 'ended', message: info?.message || RECORDER_MESSAGES.sessionNotFound });
      });
    }, 0);
    const leave = () => {
      if (openRef.current) closeRecorderSession(openRef.current);
      openRef.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      socket?.disconnect();
      socketRef.current = null;
      leave();
    };
  }, [attempt, envName, signedIn, projectId, branch, joinSessionId]);

  const sendInput = useCallback((input: RecorderInput) => {
    const s = socketRef.current;
    if (s?.connected) s.emit('recorder:input', input);
  }, []);

  const command = useCallback(async (cmd: RecorderCommand): Promise<{ ok: boolean; error?: string }> => {
    const s = socketRef.current;
    if (!s?.connected) return { ok: false, error: RECORDER_MESSAGES.sessionNotFound };
    try {
      const ack = (await s.timeout(COMMAND_TIMEOUT_MS).emitWithAck('recorder:command', cmd)) as { ok: boolean; error?: string } | undefined;
      return ack ?? { ok: false, error: 'The recorder did not answer.' };
    } catch {
      return { ok: false, error: 'The recorder did not answer in time.' };
    }
  }, []);

  const subscribeFrames = useCallback((listener: (frame: RecorderFrame) => void) => {
    frameListeners.current.add(listener);
    if (lastFrame.current) listener(lastFrame.current);
    return () => void frameListeners.current.delete(listener);
  }, []);

  /** Discard: the session is closed now. Saved: the server closed it. */
  const finish = useCallback((alreadyClosed: boolean) => {
    if (!alreadyClosed && openRef.current) closeRecorderSession(openRef.current);
    openRef.current = null;
    socketRef.current?.disconnect();
    setPhase({ kind: 'closed' });
  }, []);

  const retry = useCallback(() => {
    if (openRef.current) closeRecorderSession(openRef.current);
    openRef.current = null;
    setSessionId(null);
    setAttempt((n) => n + 1);
  }, []);

  return { phase, steps, page, sessionId, sendInput, command, subscribeFrames, finish, retry };
}

export type RecorderSession = ReturnType<typeof useRecorderSession>;
