/** Business constants and limits (spec section 9). */
export const DEFAULT_BRANCH = 'main';
export const DEFAULT_ALLOWED_PROJECTS_COUNT = 10000;

export const PLAN_NAMES = ['Freemium', 'Pro', 'Team', 'Enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  maxScenariosAllowed: number;
  maxExecutionThreads: number;
  /** Days a new project on this plan runs before it expires; null: never expires. */
  trialDays: number | null;
  /** Whether members may be invited from any domain. */
  allowInvite: boolean;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  Freemium: { maxScenariosAllowed: 50, maxExecutionThreads: 1, trialDays: 14, allowInvite: false },
  Pro: { maxScenariosAllowed: 500, maxExecutionThreads: 4, trialDays: null, allowInvite: true },
  Team: { maxScenariosAllowed: 5000, maxExecutionThreads: 10, trialDays: null, allowInvite: true },
  Enterprise: { maxScenariosAllowed: 1000000, maxExecutionThreads: 50, trialDays: null, allowInvite: true },
};

export const ROLES = { admin: 'ADMIN', member: 'MEMBER' } as const;

/** Stands for a stored .npmrc credential in the text members are shown; sent back, it keeps the stored value. */
export const NPMRC_MASK = '********';
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const LOG_TYPES = ['Info', 'Error', 'Debug', 'Warning', 'Critical'] as const;

export const TRACKED_EVENTS = [
  'record_scenario', 'download_editor', 'launch_editor', 'click_start_recording', 'click_run_scenario',
  'publish_scenario', 'click_ai_generate', 'click_run_all', 'click_open_vscode', 'error_open_vscode',
  'cli_run_tests', 'upload_report', 'signup', 'create_project', 'create_scenario',
] as const;

export const UI = {
  sidebarOpenWidth: 300,
  sidebarClosedWidth: 83,
  sidebarCollapseBelow: 1260,
  sidebarOpenAbove: 1445,
  minWindowWidth: 1024,
  minWindowHeight: 600,
  toastMs: 3000,
  ackToastMs: 4000,
  copyFeedbackMs: 3000,
  tooltipDelayMs: 800,
  downloadLockMs: 10000,
  recorderCountdownS: 10,
  projectCreateWaitMs: 30000,
  projectCreateShortWaitMs: 10000,
  memberNameMaxInDialog: 42,
  licenceWarnDays: 13,
  licenceDangerDays: 3,
  featureCountRefreshMs: [10000, 60000],
} as const;

export const LOG_SHIPPING = { flushMs: 10000, batchSize: 10, retries: 2 } as const;

export const ONBOARDING_PROGRESS = [30, 45, 75, 100] as const;
export const ONBOARDING_STEPS = {
  downloaded: 1,
  projectCreated: 2,
  complete: 3,
  recordedOrInvited: 5,
} as const;

export const DEMO_PROJECT = { name: 'Demo Shop', path: '/demo-shop/' } as const;

/** Local-storage key where earlier versions kept the session token (now in an HttpOnly cookie): the web app removes it. */
export const TOKEN_STORAGE_KEY = 'stepwise.token';
export const HEADERS = { traceId: 'x-trace-id', sessionId: 'x-session-id', projectId: 'x-project-id' } as const;
export const ACCESS_KEY_PREFIX = 'swk_';
