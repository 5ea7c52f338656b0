import type { ColumnType, Generated, Selectable } from 'kysely';
import type { WorkerJobsTable, WorkerTokensTable } from './schema-workers.ts';
import type { MemoryEdgesTable, MemoryPageStepsTable, MemoryPagesTable } from './schema-memory.ts';
import type { FailureSignaturesTable, ScenarioQuarantineTable, ScenarioResultsTable, ScenarioStatsTable } from './schema-history.ts';

export type { WorkerJob, WorkerJobsTable, WorkerToken, WorkerTokensTable } from './schema-workers.ts';
export type { MemoryEdgesTable, MemoryPageStepsTable, MemoryPagesTable } from './schema-memory.ts';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  company_name: string;
  country: string;
  phone: string;
  allowed_projects_count: number;
  allow_delete_projects: boolean;
  last_active_project_id: string | null;
  last_completed_step: Generated<number>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface ProjectsTable {
  id: string;
  name: string;
  url: string;
  description: string;
  demo: boolean;
  plan: string;
  max_scenarios_allowed: number;
  max_execution_threads: number;
  expires_at: NullableTimestamp;
  allow_invite: boolean;
  allow_git_integration: Generated<boolean>;
  private_repo: Generated<boolean>;
  private_repo_url: Generated<string>;
  private_repo_username: Generated<string>;
  private_repo_token_enc: string | null;
  configured_private_repo: Generated<boolean>;
  npmrc: Generated<string>;
  dashboard_personalization: Json<Record<string, unknown>>;
  scenario_count: Generated<number>;
  created_by: string;
  created_at: Timestamp;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: string;
  joined_at: Timestamp;
}

export interface InvitationsTable {
  id: string;
  project_id: string;
  email: string;
  sent_by: string;
  status: string;
  created_at: Timestamp;
  responded_at: NullableTimestamp;
}

export interface AccessKeysTable {
  id: string;
  project_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  window_start: Timestamp;
  /** No attempt on this key is taken before this time (the account's growing delay). */
  not_before: NullableTimestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

export interface ClientLogsTable {
  id: Generated<number>;
  user_id: string;
  session_id: string;
  log_type: string;
  entry: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface UsageEventsTable {
  id: Generated<number>;
  user_id: string;
  project_id: string | null;
  event: string;
  created_at: Timestamp;
}

export interface StoredUsersTable {
  project_id: string;
  username: string;
  password_enc: string;
  secret_key_enc: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActiveEnvironmentsTable {
  user_id: string;
  project_id: string;
  env_name: string;
  updated_at: Timestamp;
}

export interface WorkspaceStateTable {
  user_id: string;
  project_id: string;
  branch: string;
  last_active_folder: string | null;
  last_active_feature: string | null;
  last_active_feature_index: number | null;
  last_active_scenario_index: number | null;
  updated_at: Timestamp;
}

export interface WorkspaceBranchesTable {
  project_id: string;
  branch: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface RunsTable {
  id: string;
  project_id: string;
  name: string;
  type: 'executions' | 'local' | 'scenario';
  mode: string;
  branch: string | null;
  environment: string | null;
  username: string | null;
  user_id: string | null;
  execution_id: string | null;
  instance_id: string | null;
  publish_time: Timestamp;
  start_time: NullableTimestamp;
  end_time: NullableTimestamp;
  execution_time_ms: number;
  total_scenarios: number;
  scenarios_passed: number;
  scenarios_failed: number;
  /** Counted quarantined scenarios that did not pass: out of the verdict (migration 0016). */
  scenarios_quarantined: Generated<number>;
  /** Stored, its scenario history not recorded yet (migration 0018, runs/history/history-catch-up.ts). */
  history_pending: Generated<boolean>;
  /** 'Passed' or 'Failed'. */
  status: string;
  errors: Json<string[]>;
  meta: Json<Record<string, unknown>>;
  /** The stored Cucumber messages of an imported run (a blob key), and the places of the messages all its test cases need (migration 0007). */
  source_key: ColumnType<string | null, string | null | undefined, string | null>;
  source_lines: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
}

export interface TestCasesTable {
  id: string;
  run_id: string;
  project_id: string;
  position: number;
  report_case_id: string;
  scenario_name: string;
  feature_name: string;
  feature_path: string;
  line: number | null;
  tags: Json<string[]>;
  status: string;
  start_time: NullableTimestamp;
  end_time: NullableTimestamp;
  duration_ms: number | null;
  failed_step: number | null;
  error_message: string | null;
  parameters: Json<Record<string, string>>;
  steps: Json<unknown[]>;
  attempt: number;
  rerun_id: string | null;
  superseded: boolean;
  scenario_key: string;
  browser: string | null;
  viewport: string | null;
  worker_id: string | null;
  retrain_stats: ColumnType<unknown, string | null | undefined, string | null>;
  /** The run's publish time (migration 0006): past results of a scenario come from one index. */
  publish_time: Timestamp;
  failed_step_keyword: ColumnType<string | null, string | null | undefined, string | null>;
  failed_step_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Root-cause analysis: text or an object with a tag. */
  analysis: ColumnType<unknown, string | null | undefined, string | null>;
  analysis_issue: ColumnType<string | null, string | null | undefined, string | null>;
  /** The analysed failure's cause as a hash (runs/failure-signature.ts): failures with the same one group (migration 0011). */
  analysis_signature: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WeeklyDigestsTable {
  project_id: string;
  /** ISO week: 2026-W47. */
  week: string;
  recipients: number;
  sent_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface RunCommentsTable {
  id: string;
  project_id: string;
  run_id: string;
  test_case_id: string;
  type: Generated<string>;
  user_id: string | null;
  username: string;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExecutionInstancesTable {
  id: string;
  execution_id: string | null;
  project_id: string;
  execution_name: string;
  status: string;
  verbose_status: string;
  status_history: Json<Array<{ status: string; verboseStatus: string; timestamp: string }>>;
  branch: string;
  environment: string | null;
  trigger: string;
  user_id: string | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  scenarios_passed: number;
  scenarios_failed: number;
  total_scenarios: number;
  run_id: string;
  logs: Json<string[]>;
  owner: Generated<string>;
  heartbeat_at: Timestamp;
}

export interface ExecutionsTable {
  id: string;
  project_id: string;
  name: string;
  env: string;
  branch: string;
  /** Flow[] of @stepwise/shared. */
  flows: Json<unknown[]>;
  /** Schedule of @stepwise/shared, or null. */
  schedule: Json<unknown> | null;
  is_single_threaded: Generated<boolean>;
  /** Migration 0012. */
  ai_recovery: Generated<boolean>;
  /** Migration 0021: ScreenshotMode of @stepwise/shared. */
  screenshots: Generated<string>;
  enabled: Generated<boolean>;
  env_variables: Json<{ environment?: string; HEADLESS?: boolean }>;
  schedule_anchor: NullableTimestamp;
  next_run_at: NullableTimestamp;
  last_fired_at: NullableTimestamp;
  created_by: string | null;
  modified_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExecutionEventsTable {
  id: Generated<number>;
  execution_id: string;
  project_id: string;
  /** 'fired' | 'missed' | 'failed' | 'descheduled' */
  kind: string;
  scheduled_for: NullableTimestamp;
  instance_id: string | null;
  message: string;
  created_at: Timestamp;
}

/** AI recovery's code fixes (migration 0012): the Code Review page's items. */
export interface CodeFixesTable {
  id: string;
  project_id: string;
  run_id: string;
  test_case_id: string | null;
  scenario_name: string;
  feature_name: string;
  feature_path: string;
  branch: string;
  step_text: string;
  step_file: string;
  original_code: string;
  fixed_code: string;
  reasoning: string;
  replacements: Json<unknown[]>;
  /** 'open' | 'accepted' | 'archived' */
  status: Generated<string>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  commit_id: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  invitations: InvitationsTable;
  access_keys: AccessKeysTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  client_logs: ClientLogsTable;
  usage_events: UsageEventsTable;
  stored_users: StoredUsersTable;
  active_environments: ActiveEnvironmentsTable;
  workspace_state: WorkspaceStateTable;
  workspace_branches: WorkspaceBranchesTable;
  executions: ExecutionsTable;
  execution_events: ExecutionEventsTable;
  runs: RunsTable;
  test_cases: TestCasesTable;
  execution_instances: ExecutionInstancesTable;
  run_comments: RunCommentsTable;
  memory_pages: MemoryPagesTable;
  memory_page_steps: MemoryPageStepsTable;
  weekly_digests: WeeklyDigestsTable;
  code_fixes: CodeFixesTable;
  memory_edges: MemoryEdgesTable;
  worker_tokens: WorkerTokensTable;
  worker_jobs: WorkerJobsTable;
  scenario_results: ScenarioResultsTable;
  scenario_stats: ScenarioStatsTable;
  failure_signatures: FailureSignaturesTable;
  scenario_quarantine: ScenarioQuarantineTable;
}

export type User = Selectable<UsersTable>;
export type Project = Selectable<ProjectsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type AccessKey = Selectable<AccessKeysTable>;
export type StoredUser = Selectable<StoredUsersTable>;
export type ExecutionRow = Selectable<ExecutionsTable>;
export type ExecutionEventRow = Selectable<ExecutionEventsTable>;
export type Run = Selectable<RunsTable>;
export type TestCaseRow = Selectable<TestCasesTable>;
export type ExecutionInstance = Selectable<ExecutionInstancesTable>;
export type RunComment = Selectable<RunCommentsTable>;
