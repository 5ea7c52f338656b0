import {
  normaliseStepStatuses,
  type CommentDto,
  type ReportStep,
  type RunListRow,
  type RunReportDto,
  type RunType,
  type StepStatus,
  type TestCaseReportDto,
  type TestCaseRow,
  type TestCaseResult,
} from '@stepwise/shared';
import type { Run, RunComment, TestCaseRow as TestCaseDbRow } from '../db/schema.ts';
import type { PastResult, RunListRowData, TestCaseSummary } from './runs.repository.ts';
import type { SameCauseGroup } from '../ai/rca/rca.repository.ts';
import { rootCauseOf, withRootCause } from '../ai/rca/root-cause.presenter.ts';

type Mode = RunListRow['mode'];
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const seconds = (ms: number | null | undefined) => Math.round((ms ?? 0) / 10) / 100;
const modeOf = (mode: string): Mode => (mode === 'cloud' || mode === 'executions' ? mode : 'local');

export const reportPath = (projectId: string, runId: string) => `/${projectId}/run-report/${runId}`;

export function presentRunListRow(r: RunListRowData): RunListRow {
  return {
    id: r.id,
    name: r.name,
    type: r.type as RunType,
    mode: modeOf(r.mode),
    status: r.shown_status,
    publishTime: r.publish_time.toISOString(),
    startTime: iso(r.start_time),
    executionTime: seconds(r.execution_time_ms),
    totalScenarios: r.total_scenarios,
    totalScenariosPassed: r.scenarios_passed,
    totalScenariosFailed: r.scenarios_failed,
    branch: r.branch,
    username: r.username,
    environment: r.environment,
    detailsPath: reportPath(r.project_id, r.id),
  };
}

export function presentComment(c: RunComment): CommentDto {
  return {
    _id: c.id,
    type: 'scenario',
    testCaseId: c.test_case_id,
    runId: c.run_id,
    username: c.username,
    userId: c.user_id ?? '',
    content: c.content,
    updatedAt: c.updated_at.toISOString(),
  };
}

/** The first line of a failure message. */
export function firstLine(message: string | null): string | null {
  if (!message) return null;
  const line = message.split(/\r?\n/).find((l) => l.trim() !== '');
  return line ? line.trim() : null;
}

/** analysis is text or an object with a tag (and text): shown as text. */
function analysisText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['text', 'analysis', 'tag']) if (typeof o[k] === 'string') return o[k] as string;
    return JSON.stringify(value);
  }
  return String(value);
}

/** `sameCause`: the project's failures grouped by signature (root-cause analysis), for the case's signature. */
export function presentTestCaseRow(tc: TestCaseSummary, comments: RunComment[], past: PastResult[], sameCause?: ReadonlyMap<string, SameCauseGroup>): TestCaseRow {
  return {
    id: tc.id,
    scenarioName: tc.scenario_name,
    featureName: tc.feature_name,
    featurePath: tc.feature_path,
    tags: tc.tags,
    parameters: tc.parameters,
    result: { status: tc.status as StepStatus, startTime: iso(tc.start_time), endTime: iso(tc.end_time), message: tc.error_message },
    duration: seconds(tc.duration_ms),
    failedStep:
      tc.failed_step !== null ? { index: tc.failed_step, keyword: tc.failed_step_keyword ?? '', text: tc.failed_step_text ?? '' } : null,
    errorMessage: firstLine(tc.error_message),
    analysis: analysisText(tc.analysis),
    analysis_issue: tc.analysis_issue,
    rootCause: rootCauseOf(tc, sameCause),
    retrainStats: (tc.retrain_stats as TestCaseResult['retrainStats']) ?? null,
    rerunId: tc.rerun_id,
    superseded: tc.superseded,
    comments: comments.map(presentComment),
    pastResults: past.map((p) => ({ runId: p.runId, status: p.status as StepStatus, publishTime: p.publishTime })),
    updatedAt: (tc.end_time ?? tc.publish_time).toISOString(),
  };
}

export function presentRunReport(run: Run, cases: TestCaseRow[]): RunReportDto {
  return {
    _id: run.id,
    name: run.name,
    type: run.type as RunType,
    status: run.status === 'Passed' && run.scenarios_passed + run.scenarios_quarantined < run.total_scenarios ? 'Failed' : run.status,
    changes: [],
    executionId: run.execution_id,
    instanceId: run.instance_id,
    report: {
      testCases: cases,
      env: { name: run.environment },
      mode: modeOf(run.mode),
      username: run.username,
      publishTime: run.publish_time.toISOString(),
      startTime: iso(run.start_time),
      endTime: iso(run.end_time),
      branch: run.branch,
      errors: run.errors,
    },
    stats: {
      totalScenarios: run.total_scenarios,
      scenariosPassed: run.scenarios_passed,
      scenariosFailed: run.scenarios_failed,
      scenariosQuarantined: run.scenarios_quarantined,
    },
  };
}

/** One test case with its steps (statuses as the report shows them, spec 4.9); its failed step carries the root cause as AI reasoning. */
export function presentTestCaseReport(run: Run, tc: TestCaseDbRow, comments: RunComment[], past: PastResult[], sameCause?: ReadonlyMap<string, SameCauseGroup>): TestCaseReportDto {
  const row = presentTestCaseRow(tc, comments, past, sameCause);
  return {
    ...row,
    runId: run.id,
    runName: run.name,
    runType: run.type as RunType,
    projectId: run.project_id,
    steps: withRootCause(normaliseStepStatuses(tc.steps as ReportStep[]), tc.failed_step, row.rootCause ?? null),
  };
}
