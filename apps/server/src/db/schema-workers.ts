import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema.ts';

/** The run workers' tables (migration 0013), part of the Database of schema.ts. */

/** Worker tokens of a project (migration 0013): a run worker registers with one. */
export interface WorkerTokensTable {
  id: string;
  project_id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  created_by: string;
  created_at: Timestamp;
  last_seen_at: NullableTimestamp;
  jobs_run: Generated<number>;
  revoked_at: NullableTimestamp;
}

/** Jobs handed to run workers (migration 0013): one scenario group of an instance each. */
export interface WorkerJobsTable {
  id: string;
  project_id: string;
  instance_id: string;
  commit_id: string;
  payload: string;
  status: Generated<string>;
  token_hash: string | null;
  expires_at: Timestamp;
  worker_token_id: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export type WorkerToken = Selectable<WorkerTokensTable>;
export type WorkerJob = Selectable<WorkerJobsTable>;
