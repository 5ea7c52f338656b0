import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/recorder */
export const RECORDER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The child-process entry of a cloud recorder session (run in the run sandbox, IPC protocol of protocol.ts). */
export const RECORDER_JOB_FILE = path.join(RECORDER_DIR, `src/recorder-job${path.extname(fileURLToPath(import.meta.url))}`);

/** Where the server writes the definitions of recorded steps that no existing definition matches. */
export const RECORDED_STEPS_FILE = 'steps/recorded.mjs';

/** What a recorder job reads of this installation besides the runner's paths: this package (a sandbox binds it read-only). */
export function recorderCodePaths(): string[] {
  return [fs.realpathSync(RECORDER_DIR)];
}
