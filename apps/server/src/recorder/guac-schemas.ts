import { z } from 'zod';
import { DEFAULT_BRANCH, RECORDER_VIEWPORTS, type RecorderState } from '@stepwise/shared';

/** The spec's remote-desktop calls (`guac/*`), answered with cloud recorder sessions (docs/DECISIONS.md). */

const ProjectId = z.string().min(1).max(64);
const SessionId = z.string().min(1).max(64);
const Viewport = z.object({ width: z.number().int().min(320).max(1920), height: z.number().int().min(320).max(1400) });

export const CreateRecorderSessionBody = z.object({
  project_id: ProjectId,
  env_name: z.string().max(200).optional(),
  git_branch: z.string().min(1).max(200).default(DEFAULT_BRANCH),
  /** The first page: absolute (http/https), or a path under the environment's base URL; the base URL when absent. */
  url: z.string().max(4000).optional(),
  /** A viewport of RECORDER_VIEWPORTS by its label, or a size. */
  viewport: z.union([z.enum(RECORDER_VIEWPORTS.map((v) => v.label) as [string, ...string[]]), Viewport]).optional(),
});

export const SessionBody = z.object({ session_id: SessionId });
export const EnvironmentBody = z.object({ project_id: ProjectId, env_name: z.string().max(200).optional(), git_branch: z.string().min(1).max(200).default(DEFAULT_BRANCH) });
export const ConcurrentSessionsBody = z.object({ project_id: ProjectId.optional() }).default({});
export const DeepLinkBody = z.object({ session_id: SessionId, url: z.string().min(1).max(4000) });

/** A session as its owner's lists show it. */
export interface RecorderSessionDto {
  session_id: string;
  project_id: string;
  env_name: string;
  git_branch: string;
  url: string;
  title: string;
  /** The web app's page for this session. */
  recorder_url: string;
  started_at: string;
  last_activity_at: string;
}

/** What the web app needs to reach a session over the realtime socket. */
export interface RecorderConnectDto {
  /** socket.io path of the realtime channel (connect with the session token, as for the project's events). */
  socket_path: string;
  /** Emit this with `{ session_id }` to join; the ack holds the RecorderState and the latest frame. */
  join_event: 'recorder:join';
  session_id: string;
  project_id: string;
}

export interface CreateRecorderSessionResponse extends RecorderConnectDto {
  status: 'success';
  session: RecorderSessionDto;
  state: RecorderState;
}

export interface RecorderLimitsDto {
  per_user: number;
  per_server: number;
  idle_timeout_ms: number;
  max_duration_ms: number;
}
