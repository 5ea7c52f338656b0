import { LOG_SHIPPING, type LogEntry } from '@stepwise/shared';
import { apiRequest } from '../api/client';
import { getSessionId, signedInStore } from '../api/session';

type LogInput = Omit<LogEntry, 'sessionId' | 'timestamp' | 'page'> & { page?: string };

let buffer: LogEntry[] = [];
let timer: ReturnType<typeof setInterval> | null = null;
const enabled = import.meta.env.PROD;

async function send(logs: LogEntry[], attempt = 0): Promise<void> {
  try {
    await apiRequest('auth/log', { method: 'POST', body: { logs }, ignoreUnauthorized: true });
  } catch {
    if (attempt < LOG_SHIPPING.retries) await send(logs, attempt + 1);
  }
}

/** Sends the buffered entries now (signed-in sessions only: the endpoint needs a session). */
export function flushLogs(): void {
  if (buffer.length === 0 || !signedInStore.get()) return;
  const logs = buffer.slice(0, 100);
  buffer = buffer.slice(logs.length);
  void send(logs);
}

function ensureTimer(): void {
  if (timer) return;
  timer = setInterval(flushLogs, LOG_SHIPPING.flushMs);
  window.addEventListener('pagehide', flushLogs);
}

/** Client log: batched, shipped every 10 s or at 10 entries, and only in production builds. */
export function log(entry: LogInput): void {
  const full: LogEntry = {
    ...entry,
    sessionId: getSessionId(),
    page: entry.page ?? window.location.pathname,
    timestamp: new Date().toISOString(),
    message: entry.message?.slice(0, 4000),
  };
  if (!enabled) {
    if (entry.logType === 'Error' || entry.logType === 'Critical') console.debug('[log]', full);
    return;
  }
  buffer.push(full);
  ensureTimer();
  if (buffer.length >= LOG_SHIPPING.batchSize) flushLogs();
}

/** Entry sent by the error boundaries. */
export function logAppError(error: unknown): void {
  const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  log({ name: 'OnAppError', eventType: 'OnAppError', logType: 'Error', module: 'app', message });
}
