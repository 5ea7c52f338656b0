import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema.ts';

/** The scenario history's tables (migration 0016), part of the Database of schema.ts. */

/** One counted result of a scenario in a run. */
export interface ScenarioResultsTable {
  project_id: string;
  history_key: string;
  run_id: string;
  test_case_id: string;
  publish_time: Timestamp;
  /** The run's start time (its publish time without one): the history's order (migration 0017). */
  started_at: Timestamp;
  status: string;
  outcome: string;
  mark: string | null;
  quarantined: Generated<boolean>;
  branch: string | null;
  commit: string | null;
  signature: string | null;
}

/** A scenario's stats over its latest results, kept up to date as runs are stored. */
export interface ScenarioStatsTable {
  project_id: string;
  history_key: string;
  feature_path: string;
  scenario_name: string;
  example: Generated<string>;
  last_status: string;
  last_test_case_id: string;
  last_run_id: string;
  last_publish_time: Timestamp;
  recent: Generated<string>;
  flips: Generated<number>;
  retry_passes: Generated<number>;
  flakiness: Generated<number>;
  flaky: Generated<boolean>;
  failing_streak: Generated<number>;
  passed_before: Generated<boolean>;
  first_failure_run_id: string | null;
  first_failure_time: NullableTimestamp;
  first_failure_branch: string | null;
  first_failure_commit: string | null;
  quarantined: Generated<boolean>;
}

export interface FailureSignaturesTable {
  project_id: string;
  signature: string;
  message: string;
  step: string | null;
  frame: string | null;
}

export interface ScenarioQuarantineTable {
  project_id: string;
  history_key: string;
  reason: Generated<string>;
  user_id: string | null;
  created_at: Generated<Date>;
}
