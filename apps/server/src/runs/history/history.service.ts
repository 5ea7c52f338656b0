import {
  HISTORY_MESSAGES,
  RUNS_MESSAGES,
  type FailureGroupsQuery,
  type FailureGroupsResponse,
  type HistoryListsResponse,
  type HistoryOutcome,
  type QuarantineBody,
  type RunMarksResponse,
  type ScenarioHistoryQuery,
  type ScenarioHistoryResponse,
  type ScenarioStatsDto,
} from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../http/auth-plugin.ts';
import { notFound } from '../../http/errors.ts';
import { requireAdmin, requireMember } from '../../projects/project-access.ts';
import { findRun } from '../runs.repository.ts';
import { measure } from './history-rules.ts';
import { historyRecorded } from './history-catch-up.ts';
import { failureGroups, findStats, historyPage, keyOfTestCase, mostFlaky, newlyFailing, runMarks, setQuarantine, type StatsRow } from './history.repository.ts';

const DAY_MS = 86_400_000;

export function presentStats(s: StatsRow): ScenarioStatsDto {
  const m = measure(s.recent);
  return {
    historyKey: s.history_key,
    featurePath: s.feature_path,
    scenarioName: s.scenario_name,
    example: s.example,
    lastStatus: s.last_status,
    lastTestCaseId: s.last_test_case_id,
    lastRunId: s.last_run_id,
    lastPublishTime: new Date(s.last_publish_time).toISOString(),
    recent: s.recent,
    passRate: m.passRate,
    flips: s.flips,
    retryPasses: s.retry_passes,
    flakinessScore: Number(s.flakiness.toFixed(3)),
    flaky: s.flaky,
    firstFailure:
      s.first_failure_run_id && s.first_failure_time
        ? { runId: s.first_failure_run_id, publishTime: new Date(s.first_failure_time).toISOString(), branch: s.first_failure_branch, commit: s.first_failure_commit }
        : null,
    failingStreak: s.failing_streak,
    quarantined: s.quarantined,
    quarantineReason: s.quarantine_reason,
  };
}

/** The scenario history (runs/history/*): members of the project; quarantine: its admins. */
export class HistoryService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** The scenario of a test case: its project (the caller must be a member) and its stats. */
  private async scenarioOf(auth: AuthContext, testCaseId: string, admin = false) {
    const found = await keyOfTestCase(this.ctx.db, testCaseId);
    if (!found) throw notFound(RUNS_MESSAGES.testCaseNotFound);
    if (admin) await requireAdmin(this.ctx.db, auth, found.projectId, HISTORY_MESSAGES.quarantineAdminOnly);
    else await requireMember(this.ctx.db, auth, found.projectId);
    await historyRecorded(this.ctx, found.projectId);
    const stats = await findStats(this.ctx.db, found.projectId, found.key);
    if (!stats) throw notFound(HISTORY_MESSAGES.scenarioNotFound);
    return { ...found, stats };
  }

  async scenario(auth: AuthContext, q: ScenarioHistoryQuery): Promise<ScenarioHistoryResponse> {
    const { projectId, key, stats } = await this.scenarioOf(auth, q.testCaseId);
    const { rows, total } = await historyPage(this.ctx.db, projectId, key, q.page * q.limit, q.limit);
    return {
      status: 'success',
      scenario: presentStats(stats),
      results: rows.map((r) => ({
        runId: r.run_id,
        runName: r.run_name,
        testCaseId: r.test_case_id,
        status: r.status,
        outcome: r.outcome as HistoryOutcome,
        mark: r.mark,
        quarantined: r.quarantined,
        branch: r.branch,
        commit: r.commit,
        publishTime: new Date(r.publish_time).toISOString(),
        startedAt: new Date(r.started_at).toISOString(),
        signature: r.signature,
      })),
      total,
      page: q.page,
      pageCount: Math.ceil(total / q.limit),
    };
  }

  async runMarks(auth: AuthContext, runId: string): Promise<RunMarksResponse> {
    const run = await findRun(this.ctx.db, runId);
    if (!run) throw notFound(RUNS_MESSAGES.runNotFound);
    await requireMember(this.ctx.db, auth, run.project_id);
    await historyRecorded(this.ctx, run.project_id);
    const rows = await runMarks(this.ctx.db, run.id, run.project_id);
    return {
      status: 'success',
      marks: rows.map((r) => ({
        testCaseId: r.test_case_id,
        mark: r.mark,
        quarantined: r.quarantined,
        quarantineReason: r.quarantine_reason,
        flakinessScore: Number((r.flakiness ?? 0).toFixed(3)),
      })),
      quarantinedFailures: run.scenarios_quarantined,
    };
  }

  async lists(auth: AuthContext, projectId: string, limit: number): Promise<HistoryListsResponse> {
    await requireMember(this.ctx.db, auth, projectId);
    await historyRecorded(this.ctx, projectId);
    const [flaky, failing] = await Promise.all([mostFlaky(this.ctx.db, projectId, limit), newlyFailing(this.ctx.db, projectId, limit)]);
    return { status: 'success', mostFlaky: flaky.map(presentStats), newlyFailing: failing.map(presentStats) };
  }

  async failureGroups(auth: AuthContext, q: FailureGroupsQuery): Promise<FailureGroupsResponse> {
    await requireMember(this.ctx.db, auth, q.projectId);
    await historyRecorded(this.ctx, q.projectId);
    const since = new Date(Date.now() - q.days * DAY_MS);
    const { rows, total } = await failureGroups(this.ctx.db, q.projectId, since, q.page * q.pageSize, q.pageSize);
    return {
      status: 'success',
      groups: rows.map((g) => ({
        signature: g.signature,
        message: g.message,
        step: g.step,
        frame: g.frame,
        failures: Number(g.failures),
        scenarios: Number(g.scenarios),
        runs: Number(g.runs),
        firstSeen: new Date(g.first_seen).toISOString(),
        lastSeen: new Date(g.last_seen).toISOString(),
        example: {
          runId: g.example_run_id,
          testCaseId: g.example_test_case_id,
          featurePath: g.feature_path ?? '',
          scenarioName: g.scenario_name ?? '',
          example: g.example ?? '',
        },
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
      pageCount: Math.ceil(total / q.pageSize),
    };
  }

  /** Quarantines a scenario (or lets it count again) from the next run on. */
  async quarantine(auth: AuthContext, body: QuarantineBody): Promise<ScenarioStatsDto> {
    const { projectId, key } = await this.scenarioOf(auth, body.testCaseId, true);
    await setQuarantine(this.ctx.db, projectId, key, body.quarantined, body.reason, auth.user.id);
    const stats = await findStats(this.ctx.db, projectId, key);
    return presentStats(stats!);
  }
}
