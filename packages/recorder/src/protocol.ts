import type { RecordedSecret, RecordedStep, RecorderCommand, RecorderFrame, RecorderInput } from '@stepwise/shared';

/**
 * The IPC protocol of a cloud recorder session: the server starts `recorder-job.ts` in the run sandbox
 * (a child process with an IPC channel) and talks to it with these messages.
 */

export interface RecorderJobOptions {
  /** The environment's base URL: recorded navigations under it are written as paths. */
  baseUrl: string;
  /** The first page opened (absolute). */
  startUrl: string;
  viewport: { width: number; height: number };
  chromiumPath: string;
  /** JPEG quality of the screencast (1-100). */
  quality: number;
  /** Frames per second the screencast is asked for at most. */
  fps: number;
}

/** Server -> job. Every request but `close` is answered with a `reply` of the same id. */
export type RecorderJobRequest =
  | { id: number; type: 'open'; options: RecorderJobOptions }
  | { id: number; type: 'input'; input: RecorderInput }
  | { id: number; type: 'command'; command: RecorderCommand }
  | { id: number; type: 'close' };

/** Job -> server. */
export type RecorderJobMessage =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true }
  | { type: 'reply'; id: number; ok: false; error: string }
  | { type: 'frame'; frame: RecorderFrame }
  /** The streamed page's address and title changed (navigation, popup, back). */
  | { type: 'page'; url: string; title: string; viewport: { width: number; height: number } }
  /** The whole list of recorded steps, after any change. */
  | { type: 'steps'; steps: RecordedStep[] }
  /** Values typed into password fields (kept on the server, never sent to the web app). */
  | { type: 'secrets'; secrets: RecordedSecret[] };
