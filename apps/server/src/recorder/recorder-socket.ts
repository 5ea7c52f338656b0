import type { Socket } from 'socket.io';
import { RECORDER_MESSAGES, RecorderCommandSchema, RecorderInputSchema, type RecorderFrame, type RecorderState } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { findMembership } from '../projects/projects.repository.ts';
import { latestFrameSender } from './latest-frame-sender.ts';
import type { RecorderSession } from './recorder-session.ts';
import { recorderSessions } from './recorder-sessions.ts';
import { startUrl } from './recorder-start.ts';

export const RECORDER_EVENTS = {
  join: 'recorder:join',
  leave: 'recorder:leave',
  input: 'recorder:input',
  command: 'recorder:command',
  frame: 'recorder:frame',
  steps: 'recorder:steps',
  page: 'recorder:page',
  ended: 'recorder:ended',
} as const;

type Ack<T> = (answer: T) => void;
export type JoinAnswer = { ok: true; state: RecorderState; frame: RecorderFrame | null } | { ok: false; error: string };
export type CommandAnswer = { ok: true } | { ok: false; error: string };

/**
 * The recorder events of one realtime socket (already authenticated by its session token). A socket
 * joins one session at a time, its owner's only; frames go out latest first (a frame that finds the
 * connection still writing waits for it, replaced by any newer one: a slow client misses frames, nothing
 * queues up for it, and the last one always arrives), steps and page changes reliably. Input and
 * commands are validated with the shared schemas before they reach the session's browser.
 */
export function attachRecorderSocket(ctx: AppContext, socket: Socket): void {
  let joined: { session: RecorderSession; unwatch: () => void } | null = null;
  const leave = () => {
    joined?.unwatch();
    joined = null;
  };

  socket.on(RECORDER_EVENTS.join, async (payload: unknown, ack?: Ack<JoinAnswer>) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const sessionId = typeof (payload as { session_id?: unknown })?.session_id === 'string' ? (payload as { session_id: string }).session_id : '';
    const session = sessionId ? recorderSessions(ctx).owned(sessionId, String(socket.data.userId)) : null;
    if (!session || !(await findMembership(ctx.db, session.target.projectId, socket.data.userId).catch(() => null))) {
      return reply({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    }
    leave();
    const frames = latestFrameSender<RecorderFrame>(socket, RECORDER_EVENTS.frame);
    const stopWatching = session.watch({
      frame: (frame) => frames.send(frame),
      steps: (steps) => socket.emit(RECORDER_EVENTS.steps, steps),
      page: (page) => socket.emit(RECORDER_EVENTS.page, page),
      ended: (reason) => {
        socket.emit(RECORDER_EVENTS.ended, { reason, message: reason });
        frames.stop();
        joined = null;
      },
    });
    const unwatch = () => {
      stopWatching();
      frames.stop();
    };
    joined = { session, unwatch };
    session.touch();
    reply({ ok: true, state: session.state(), frame: session.lastFrame });
  });

  socket.on(RECORDER_EVENTS.leave, leave);

  socket.on(RECORDER_EVENTS.input, (payload: unknown, ack?: Ack<CommandAnswer>) => {
    const reply = typeof ack === 'function' ? ack : null;
    const session = joined?.session;
    if (!session) return reply?.({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    const input = RecorderInputSchema.safeParse(payload);
    if (!input.success) return reply?.({ ok: false, error: `Input not valid: ${input.error.issues[0]?.message ?? 'unknown'}` });
    session.input(input.data).then(
      () => reply?.({ ok: true }),
      (err: Error) => reply?.({ ok: false, error: err.message }),
    );
  });

  socket.on(RECORDER_EVENTS.command, (payload: unknown, ack?: Ack<CommandAnswer>) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const session = joined?.session;
    if (!session) return reply({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    const command = RecorderCommandSchema.safeParse(payload);
    if (!command.success) return reply({ ok: false, error: `Command not valid: ${command.error.issues[0]?.message ?? 'unknown'}` });
    let cmd = command.data;
    if (cmd.type === 'navigate') {
      // A path is the environment's; other schemes than http and https (file:, chrome:, javascript:) are not opened.
      try {
        cmd = { type: 'navigate', url: startUrl(session.target.baseUrl, cmd.url) };
      } catch (err) {
        return reply({ ok: false, error: (err as Error).message });
      }
    }
    session.command(cmd).then(
      () => reply({ ok: true }),
      (err: Error) => reply({ ok: false, error: err.message }),
    );
  });

  socket.on('disconnect', leave);
}
