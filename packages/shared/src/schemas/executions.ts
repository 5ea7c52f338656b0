import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';
import { INT4_MAX } from '../report-constants.ts';

/** Executions (section 3 of the executions spec): flows of scenario groups, schedules, live status. */

export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WeekDay = z.enum(WEEK_DAYS);
export type WeekDay = z.infer<typeof WeekDay>;

export const VIEWPORTS = [
  { label: 'Desktop - 1440px', width: 1440, height: 900 },
  { label: 'Desktop - 1024px', width: 1024, height: 768 },
  { label: 'Tablet - 800px', width: 800, height: 1024 },
  { label: 'Mobile - 375px', width: 375, height: 812 },
] as const;
export const DEFAULT_VIEWPORT = 'Desktop - 1024px';
export const BROWSERS = [
  { value: 'chromium', label: 'Chromium' },
  { value: 'webkit', label: 'WebKit' },
  { value: 'firefox', label: 'Firefox' },
] as const;
export const DEFAULT_BROWSER = 'chromium';
/**
 * Which steps of an execution's runs keep a picture of the page: every step (the default; a step that
 * changed nothing reuses the one before), only failed steps (faster runs, smaller reports), or none.
 */
export const SCREENSHOT_MODE_VALUES = ['each-step', 'on-failure', 'off'] as const;
export type ScreenshotMode = (typeof SCREENSHOT_MODE_VALUES)[number];
const SCREENSHOT_LABELS: Record<ScreenshotMode, string> = { 'each-step': 'Every step', 'on-failure': 'Failed steps only', off: 'None' };
export const SCREENSHOT_MODES = SCREENSHOT_MODE_VALUES.map((value) => ({ value, label: SCREENSHOT_LABELS[value] }));
export const DEFAULT_SCREENSHOTS: ScreenshotMode = 'each-step';
export const DEFAULT_SCHEDULE_TIME = '01:45';
export const SCHEDULE_MINUTE_STEP = 15;
export const EXECUTION_MESSAGES = {
  saved: 'Execution saved successfully',
  saveFailed: 'Failed to save execution',
  uniqueName: 'Choose a unique name, discarding your changes.',
  scheduleRequired: 'Schedule is required',
  allocateThreads: 'Please allocate some threads to at least one flow first',
  noTags: 'No tags available, please add some tags in the features tab',
  stopping: 'Stopping execution...',
  noLogs: 'No logs available',
  notFound: 'Execution not found',
  instanceNotFound: 'Execution instance not found',
  notRunning: 'This execution instance is not running',
  needsLicence: 'Executions need a licence with execution threads',
  noScenarios: 'No scenarios match this execution',
  noEnvironment: 'The environment of this execution does not exist',
  atLeastOneDay: 'A schedule needs at least one day',
  runnerUnavailable: 'Runs are not available on this server',
  projectRequired: 'projectId is required',
  descheduledExpired: 'Descheduled: the licence of this project has expired',
  missedFire: 'Missed: the server was not running at the scheduled time',
} as const;

const time = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'Time must be HH:MM in 15-minute steps');

export const Schedule = z.object({
  days: z
    .array(WeekDay)
    .min(1, EXECUTION_MESSAGES.atLeastOneDay)
    .transform((days) => WEEK_DAYS.filter((d) => days.includes(d))),
  isBiweekly: z.boolean().default(false),
  time,
  /** Hours from GMT, e.g. -3.5, 0, 5.75. */
  timeZone: z.number().min(-12).max(14),
});
export type Schedule = z.infer<typeof Schedule>;

export const ScenarioReference = z.object({
  /** Index of the feature in the branch's feature list (sorted by path). */
  featureIndex: z.number().int().min(0).max(INT4_MAX),
  scenarioIndex: z.number().int().min(0).max(INT4_MAX),
  /** The command that runs this scenario alone (rewritten when the environment changes). */
  command: z.string().max(2000).default(''),
  /** Path of the feature under features/, and the scenario's name: used first when resolving. */
  featurePath: z.string().max(1000).optional(),
  scenarioName: z.string().max(500).optional(),
});
export type ScenarioReference = z.infer<typeof ScenarioReference>;

export const ScenarioGroup = z.object({
  name: z.string().trim().min(1).max(200),
  threadCount: z.number().int().min(0).max(64),
  scenarios: z.array(ScenarioReference).max(10000),
  tags: z.array(z.string().max(200)).max(200),
});
export type ScenarioGroup = z.infer<typeof ScenarioGroup>;

export const Flow = z.object({
  viewport: z.string().default(DEFAULT_VIEWPORT),
  browser: z.enum(['chromium', 'firefox', 'webkit']).default(DEFAULT_BROWSER),
  scenarioGroups: z.array(ScenarioGroup).max(100),
});
export type Flow = z.infer<typeof Flow>;

/** What the wizard and the detail page send. */
export const ExecutionInput = z.object({
  name: z.string().trim().min(1, 'Execution name is required').max(200),
  env: z.string().trim().min(1, 'Environment is required').max(200),
  branch: z.string().trim().min(1).max(200).default(DEFAULT_BRANCH),
  flows: z.array(Flow).max(50),
  schedule: Schedule.nullable().optional(),
  isSingleThreaded: z.boolean().default(false),
  enabled: z.boolean().default(false),
  /** AI recovery: steps failing on a locator are repaired from the live page and retried; fixes go to Code Review. */
  aiRecovery: z.boolean().default(false),
  /** Screenshots of the runs' steps (SCREENSHOT_MODES). */
  screenshots: z.enum(SCREENSHOT_MODE_VALUES).default(DEFAULT_SCREENSHOTS),
});
export type ExecutionInput = z.infer<typeof ExecutionInput>;

export const NewExecutionBody = z.object({
  projectId: z.string().min(1).max(64),
  execution: ExecutionInput,
  /** The thread allowance the wizard saw; the server uses the project's own. */
  maxThreads: z.number().int().min(0).max(INT4_MAX).optional(),
});

export const UpdateExecutionBody = z.object({ execution: ExecutionInput.extend({ modifiedByUserId: z.string().optional() }) });

export const RunExecutionBody = z.object({
  VIA_CRON: z.boolean().default(false),
  HEADLESS: z.boolean().default(true),
  /** Environment name to run against (overrides the execution's). */
  environment: z.string().max(200).optional(),
  RUN_AS_MOCK: z.boolean().default(false),
});

export const ScheduleExecutionBody = z.object({
  envVariables: z.object({ environment: z.string().max(200).optional(), HEADLESS: z.boolean().optional() }).default({}),
  schedule: Schedule.optional(),
});

export interface ExecutionDto extends ExecutionInput {
  _id: string;
  projectId: string;
  userId: string;
  modifiedByUserId: string | null;
  running: boolean;
  createdAt: string;
  updatedAt: string;
  /** Name (or email) of the creator and last modifier, for the list. */
  createdByName?: string | null;
  modifiedByName?: string | null;
  /** Live instance when one is running. */
  liveInstance?: LiveStatus | null;
  /** Next fire time of an enabled schedule (ISO). */
  nextRunAt?: string | null;
}

export const INSTANCE_STATUSES = ['queued', 'preparing', 'running', 'passed', 'failed', 'stopped', 'error'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export interface StatusHistoryEntry {
  status: InstanceStatus;
  verboseStatus: string;
  timestamp: string;
}

/** Live run status of one execution instance. */
export interface LiveStatus {
  executionInstanceId: string;
  executionId: string;
  reportLink: string;
  status: InstanceStatus;
  verboseStatus: string;
  startTime: string;
  scenariosPassed: number;
  /** Failed scenarios out of the verdict (tagged @quarantine or flagged), not in scenariosFailed (absent: none). */
  scenariosQuarantined?: number;
  scenariosFailed: number;
  totalScenarios: number;
  timestamp: string;
  statusHistory: StatusHistoryEntry[];
}

/** Socket events of the execution channel (path /ws). */
export const EXECUTION_EVENTS = {
  subscribeCrud: 'subscribeToExecutionCrud',
  crudUpdate: 'crudUpdate',
  subscribeStatus: 'subscribeToExecutionStatus',
  start: 'startExecutionInstance',
  statusUpdate: (instanceId: string) => `statusUpdate:${instanceId}`,
  stop: 'stopExecutionInstance',
  /** Leave a project's rooms (e.g. on switching projects). */
  unsubscribeCrud: 'unsubscribeFromExecutionCrud',
  unsubscribeStatus: 'unsubscribeFromExecutionStatus',
  /** Sent to a socket whose subscription was refused: { event, projectId, error }. */
  subscriptionError: 'subscriptionError',
} as const;
export const EXECUTION_SOCKET_PATH = '/ws';

/** GET /api/executions and /api/executions/instances: the project (or the x-project-id header). */
export const ExecutionProjectQuery = z.object({ projectId: z.string().trim().min(1).max(64).optional() });

/** PUT /api/executions/:id query: was the schedule edited, and the environment scheduled runs use. */
export const UpdateExecutionQuery = z.object({
  wasScheduleUpdated: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  environment: z.string().max(200).optional(),
});

export const ExecutionIdParams = z.object({ id: z.string().trim().min(1).max(64) });
export const InstanceIdParams = z.object({ instanceId: z.string().trim().min(1).max(100) });

/** What happened to an execution's schedule: a fire that started a run, a missed or failed fire, a licence deschedule. */
export const EXECUTION_EVENT_KINDS = ['fired', 'missed', 'failed', 'descheduled'] as const;
export type ExecutionEventKind = (typeof EXECUTION_EVENT_KINDS)[number];
export interface ExecutionEventDto {
  id: number;
  executionId: string;
  kind: ExecutionEventKind;
  /** The fire time the event is about (ISO), when it is about one. */
  scheduledFor: string | null;
  executionInstanceId: string | null;
  message: string;
  createdAt: string;
}
