import { z } from 'zod';
import type { ReportStep, StepStatus, TestCaseResult } from './report.ts';
import type { RootCause } from '../root-cause.ts';

/** The runs service (spec 002 section 7): runs list, run and scenario reports, comments, dashboard, memory. */

export const RUN_TYPES = ['local', 'executions', 'scenario'] as const;
export type RunType = (typeof RUN_TYPES)[number];
export const RUN_LIST_PAGE_SIZE = 50;
/** Run-duration options in days (runs list period selector: last 24 hours, last week, last 2 weeks, all). */
export const RUN_PERIOD_DAYS = [1, 7, 14, 365] as const;
export const PAST_RESULTS_LIMIT = 5;
export const RUNS_MESSAGES = {
  runNotFound: 'Run not found',
  testCaseNotFound: 'Test case not found',
  commentNotFound: 'Comment not found',
  commentEmpty: 'Comment must not be empty',
  commentNotYours: 'Only the author can change this comment',
  screenshotNotFound: 'Screenshot not found',
  noMemory: 'No memory available',
  uploadUrlExpired: 'This upload link has expired',
  uploadUrlInvalid: 'This upload link is not valid',
  uploadTooLarge: 'The file is larger than 100 MB',
  invalidPeriod: 'startDate and endDate must be dates, startDate not after endDate',
} as const;

export const RUN_SORT_FIELDS = ['publishTime', 'name', 'startTime', 'executionTime', 'totalScenarios', 'totalScenariosPassed', 'status'] as const;

export const RunListBody = z.object({
  projectId: z.string().trim().min(1).max(64),
  days: z.number().int().min(1).max(36500).default(365),
  page: z.number().int().min(0).max(100000).default(0),
  limit: z.number().int().min(1).max(200).default(10),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  sortField: z.enum(RUN_SORT_FIELDS).default('publishTime'),
  search: z.string().max(200).default(''),
  /** '' or 'all' for every type. */
  filterType: z.enum(['', 'all', ...RUN_TYPES]).default(''),
  /** '' for every branch. */
  filterBranch: z.string().max(200).default(''),
});
export type RunListBody = z.infer<typeof RunListBody>;

/** A row of the runs list (spec section 3, "Execution list row"). Times are ISO 8601; executionTime in seconds. */
export interface RunListRow {
  id: string;
  name: string;
  type: RunType;
  mode: 'cloud' | 'executions' | 'local';
  /** 'Passed' only when every scenario passed; else 'Failed', 'Stopped', 'Error'. */
  status: string;
  publishTime: string;
  startTime: string | null;
  executionTime: number;
  totalScenarios: number;
  totalScenariosPassed: number;
  totalScenariosFailed: number;
  branch: string | null;
  username: string | null;
  environment: string | null;
  /** Web path of the report: /{projectId}/run-report/{runId}. */
  detailsPath: string;
}

export interface RunListResponse {
  status: 'success';
  projectSummary: {
    reports: RunListRow[];
    stats: { pageCount: number; total: number; totalExecutions: number; successful: number; failed: number };
  };
}

/** Counters over a period: GET runs/project/dashboardDetails?projectId&days. */
export interface RunCountersResponse {
  status: 'success';
  totalExecutions: number;
  successful: number;
  failed: number;
}

export interface CommentDto {
  _id: string;
  type: 'scenario';
  testCaseId: string;
  runId: string;
  username: string;
  userId: string;
  content: string;
  updatedAt: string;
}

export const AddCommentBody = z.object({
  type: z.literal('scenario').default('scenario'),
  testCaseId: z.string().trim().min(1).max(64),
  runId: z.string().trim().min(1).max(64),
  username: z.string().max(200).optional(),
  content: z.string().trim().min(1, RUNS_MESSAGES.commentEmpty).max(10000),
});
export const UpdateCommentBody = z.object({ content: z.string().trim().min(1, RUNS_MESSAGES.commentEmpty).max(10000) });

/** A test case in the run report's table: no steps (they come with get-testcase). */
export interface TestCaseRow {
  id: string;
  scenarioName: string;
  featureName: string;
  featurePath: string;
  tags: string[];
  parameters: Record<string, string>;
  result: { status: StepStatus; startTime: string | null; endTime: string | null; message: string | null };
  /** Seconds. */
  duration: number;
  failedStep: { index: number; keyword: string; text: string } | null;
  /** First line of the failure message. */
  errorMessage: string | null;
  /** The root cause as text (the analysis' summary, or a text stored as it is). */
  analysis: string | null;
  analysis_issue: string | null;
  /** The root-cause analysis of a failure, with how many other failures of the project had the same cause. */
  rootCause?: RootCause | null;
  retrainStats: TestCaseResult['retrainStats'] | null;
  rerunId: string | null;
  /** A later attempt or rerun replaced this one: not counted. */
  superseded: boolean;
  comments: CommentDto[];
  /** Statuses of this scenario in up to 5 earlier runs, newest first. */
  pastResults: Array<{ runId: string; status: StepStatus; publishTime: string }>;
  updatedAt: string;
}

export interface RunReportDto {
  _id: string;
  name: string;
  type: RunType;
  status: string;
  changes: string[];
  executionId: string | null;
  instanceId: string | null;
  report: {
    testCases: TestCaseRow[];
    env: { name: string | null };
    mode: 'cloud' | 'executions' | 'local';
    username: string | null;
    publishTime: string;
    startTime: string | null;
    endTime: string | null;
    branch: string | null;
    errors: string[];
  };
  /** scenariosQuarantined: counted scenarios that did not pass but are quarantined (out of scenariosFailed and the verdict). */
  stats: { totalScenarios: number; scenariosPassed: number; scenariosFailed: number; scenariosQuarantined: number };
}

/** One test case with its steps: GET runs/cucumber-runs/get-testcase and runs/scenarios/get. */
export interface TestCaseReportDto extends Omit<TestCaseRow, 'pastResults'> {
  runId: string;
  runName: string;
  /** 'scenario' for a run of one scenario: its report has no run to link to (spec 2.6 breadcrumb). */
  runType: RunType;
  projectId: string;
  steps: ReportStep[];
  pastResults: TestCaseRow['pastResults'];
}

/** GET runs/project/getProjectMetadata?projectId&startDate&endDate: dashboard metrics (spec section 3, 9). */
export interface DashboardDataDto {
  status: 'success';
  mutatedScenariosCount: number;
  createdScenariosCount: number;
  aiRecoveryCount: number;
  rcaCount: number;
  /** Seconds. */
  totalExecutionTime: number;
  passedExecutionsCount: number;
  failedExecutionsCount: number;
  scenariosRun: number;
  /** Per day: runs passed/failed and execution seconds. */
  series: Array<{ date: string; passed: number; failed: number; executionTime: number }>;
}

/** Application map: pages the runs visited and the step transitions between them. */
export interface MemoryNodeDto {
  id: string;
  title: string;
  route: string;
  url: string;
  ariaSnapshot: string | null;
  visits: number;
  /** Steps that ended on this page (most frequent first). */
  steps: Array<{ text: string; count: number }>;
}
export interface MemoryEdgeDto {
  id: string;
  source: string;
  target: string;
  steps: Array<{ text: string; count: number }>;
}
export interface MemoryResponse {
  status: 'success';
  memory: { nodes: MemoryNodeDto[]; edges: MemoryEdgeDto[] };
}

export const UploadUrlBody = z.object({
  projectId: z.string().trim().min(1).max(64),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().max(200).optional(),
});

/** The upload URL's answer: PUT the bytes to `url` (no Authorization header: the signature is the authorisation) before `expiresAt`. */
export interface UploadUrlResponse {
  status: 'success';
  /** Path on this server: /api/runs/upload/<token>. */
  url: string;
  /** ISO 8601. */
  expiresAt: string;
  uploadId: string;
}
export interface UploadDoneResponse {
  status: 'success';
  uploadId: string;
  /** Blob key: uploads/<projectId>/<uploadId>/<fileName>. */
  key: string;
  size: number;
}
/** Minutes an upload URL stays valid; the largest upload it takes. */
export const UPLOAD_URL_TTL_MINUTES = 15;
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

// Query strings of the runs service's GET calls.
const runsId = z.string().trim().min(1).max(64);
export const RunCountersQuery = z.object({ projectId: runsId, days: z.coerce.number().int().min(1).max(36500).default(365) });
export const RunIdQuery = z.object({ runId: runsId });
export const TestCaseIdQuery = z.object({ testCaseId: runsId });
export const ScenarioIdQuery = z.object({ scenarioId: runsId });
export const MemoryQuery = z.object({ projectId: runsId });
export const CommentIdParams = z.object({ id: runsId });
/**
 * GET runs/project/getProjectMetadata: startDate and endDate are ISO 8601 instants or dates (a date
 * as endDate means the end of that day, UTC); both ends count. `tzOffsetMinutes` (minutes east of
 * UTC, e.g. 120 for GMT+2) decides the days of `series` (UTC without it).
 */
export const ProjectMetadataQuery = z.object({
  projectId: runsId,
  startDate: z.string().trim().min(1).max(40),
  endDate: z.string().trim().min(1).max(40),
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
});
