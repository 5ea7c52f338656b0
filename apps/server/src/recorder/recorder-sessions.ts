import { RECORDER_MESSAGES } from '@stepwise/shared';
import { serverKey, type AppContext } from '../context.ts';
import { tooMany } from '../http/errors.ts';
import { RecorderSession, type RecorderTarget } from './recorder-session.ts';

export interface RecorderLimits {
  perUser: number;
  perServer: number;
  idleTimeoutMs: number;
  maxDurationMs: number;
}

/** How long the app's close waits for the sessions' jobs (they are killed 3 s after being asked to close). */
const CLOSE_GRACE_MS = 5000;
/** How often sessions are looked at for idleness. */
const IDLE_CHECK_MS = 1000;

/**
 * The cloud recorder sessions of this server: at most `perUser` open per user and `perServer` in
 * all (a session counts from the moment it is asked for, before its browser is up); a session with
 * no input for `idleTimeoutMs` ends, and every session ends `maxDurationMs` after its start, or when
 * the app closes, or when its owner is removed from its project.
 */
export class RecorderSessions {
  private readonly ctx: AppContext;
  private readonly sessions = new Map<string, RecorderSession>();
  /** Sessions whose job has not exited yet (ended ones included). */
  private readonly alive = new Set<RecorderSession>();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly stopRevoking: () => void;
  private closed = false;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.idleTimer = setInterval(() => this.sweepIdle(), Math.min(IDLE_CHECK_MS, ctx.config.recorderIdleTimeoutMs / 4));
    this.idleTimer.unref();
    this.stopRevoking = ctx.events.onAccessRevoked((r) => {
      for (const s of this.sessions.values()) {
        if (r.projectId && s.target.ownerId === r.userId && r.projectId === s.target.projectId) s.end(RECORDER_MESSAGES.sessionNotFound);
      }
    });
  }

  get limits(): RecorderLimits {
    const c = this.ctx.config;
    return { perUser: c.recorderMaxSessionsPerUser, perServer: c.recorderMaxSessions, idleTimeoutMs: c.recorderIdleTimeoutMs, maxDurationMs: c.recorderMaxDurationMs };
  }

  /** Opens a session for `target.ownerId` (429 over a limit); it is listed while its browser starts. */
  async open(target: RecorderTarget): Promise<RecorderSession> {
    if (this.closed) throw tooMany(RECORDER_MESSAGES.sessionLimitServer);
    const { perUser, perServer, maxDurationMs } = this.limits;
    if (this.ofUser(target.ownerId).length >= perUser) throw tooMany(RECORDER_MESSAGES.sessionLimitUser);
    if (this.sessions.size >= perServer) throw tooMany(RECORDER_MESSAGES.sessionLimitServer);
    const session = new RecorderSession(target);
    this.sessions.set(session.id, session);
    this.alive.add(session);
    void session.finished.then(() => this.alive.delete(session));
    session.onEnd((reason) => {
      this.sessions.delete(session.id);
      this.ctx.log.info({ recorderSession: session.id, reason }, 'recorder session ended');
    });
    await session.start(this.ctx);
    // The session's time counts from when its browser is ready: a slow start (a loaded machine) takes
    // none of the user's time, and has its own limit (the start's timeout).
    const hardStop = setTimeout(() => session.end(RECORDER_MESSAGES.sessionExpired), maxDurationMs);
    hardStop.unref();
    session.onEnd(() => clearTimeout(hardStop));
    session.touch();
    return session;
  }

  /** The session if it is open and `userId` owns it (anyone else is told it does not exist). */
  owned(sessionId: string, userId: string): RecorderSession | null {
    const s = this.sessions.get(sessionId);
    return s && !s.isEnded && s.target.ownerId === userId ? s : null;
  }

  ofUser(userId: string): RecorderSession[] {
    return [...this.sessions.values()].filter((s) => s.target.ownerId === userId);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Ends every session (the app closes) and waits a little for their jobs to exit and their folders to go. */
  async closeAll(): Promise<void> {
    this.closed = true;
    clearInterval(this.idleTimer);
    this.stopRevoking();
    for (const s of [...this.sessions.values()]) s.end('The server is shutting down');
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
    await Promise.race([Promise.all([...this.alive].map((s) => s.finished)), grace]);
    clearTimeout(timer);
  }

  private sweepIdle(): void {
    const now = Date.now();
    const idle = this.ctx.config.recorderIdleTimeoutMs;
    for (const s of [...this.sessions.values()]) if (s.isReady && now - s.lastActivityAt >= idle) s.end(RECORDER_MESSAGES.sessionIdle);
  }
}

const managers = new WeakMap<object, RecorderSessions>();

/** The recorder sessions of the app built on `ctx` (one manager per context). */
export function recorderSessions(ctx: AppContext): RecorderSessions {
  let m = managers.get(serverKey(ctx));
  if (!m) {
    m = new RecorderSessions(ctx);
    managers.set(serverKey(ctx), m);
  }
  return m;
}
