import type { RecorderSaveBodyInput, RecorderSaveResponse } from '@stepwise/shared';
import { api, sessionHeaders } from '../../../api/client';

export interface StartSessionBody {
  project_id: string;
  env_name: string;
  git_branch: string;
  url?: string;
  viewport?: { width: number; height: number };
}

/** Starts a browser session for the environment (the spec's `guac/create-RDP-connection-with-defaults`). */
export async function startRecorderSession(body: StartSessionBody): Promise<string> {
  const res = await api.post<{ status: 'success'; session_id: string }>('guac/create-RDP-connection-with-defaults', body);
  return res.session_id;
}

/** Closes a session; answered or not (a page being left still sends it, with keepalive). */
export function closeRecorderSession(sessionId: string): void {
  const headers: Record<string, string> = { ...sessionHeaders('POST'), 'Content-Type': 'application/json', Accept: 'application/json' };
  fetch('/api/guac/close-guac-lite-connection', { method: 'POST', headers, body: JSON.stringify({ session_id: sessionId }), keepalive: true }).catch(() => {});
}

/** Publishes the recorded steps as a scenario (the session, when given, is closed by the server). */
export function saveRecording(body: RecorderSaveBodyInput): Promise<RecorderSaveResponse> {
  return api.post<RecorderSaveResponse>('recorder/save', body);
}
