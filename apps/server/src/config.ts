import path from 'node:path';
import { z } from 'zod';
import { PLAN_NAMES } from '@stepwise/shared';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** An address a link may open: http(s) only (no javascript:, data: or file:). */
const httpUrl = z.string().url().regex(/^https?:/, 'an http(s) address');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 14),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Stepwise <no-reply@stepwise.local>'),
  DEFAULT_PLAN: z.enum(PLAN_NAMES).default('Enterprise'),
  ALLOW_DELETE_PROJECTS: bool.default(true),
  TRIAL_INVITE_DOMAINS: z.string().default(''),
  SIGNUP_ENABLED: bool.default(true),
  /** Where the web app's DOWNLOAD CLIENT sends members (a packaged client, an internal page); unset: the app's own install page. */
  CLIENT_DOWNLOAD_URL: httpUrl.optional(),
  /** The top bar's Documentation link (an http(s) address); unset: no such link. */
  DOCS_URL: httpUrl.optional(),
  /** The top bar's Support link and the plan dialogs' Contact sales (http(s) or mailto:); unset: neither is shown. */
  SUPPORT_URL: z.string().url().regex(/^(https?|mailto):/, 'an http(s) or mailto: address').optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Where the command line's npm package is (scripts/pack-cli.mjs; `npm start` makes it in dist/). */
  CLIENT_PACKAGE_DIR: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** Sign-up, sign-in and company sign-in requests per minute from one address (across servers with REDIS_URL). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  API_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(300).default(30),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the Redis keys and channels (socket.io, rate limits, the scheduler's BullMQ queue): several deployments on one Redis. */
  REDIS_PREFIX: z.string().trim().regex(/^([\w.-]{1,64})?$/, 'letters, digits, ".", "_" and "-" only').optional(),
  /** Where blobs go: 'auto' (S3_URL, else PostgreSQL with DATABASE_URL, else DATA_DIR/blobs), or one of them. */
  BLOB_STORE: z.enum(['auto', 'fs', 'postgres', 's3']).default('auto'),
  /** An S3-compatible bucket: s3://bucket[/prefix]?endpoint=https://...&region=...&forcePathStyle=true; credentials from AWS_* variables. */
  S3_URL: z.string().regex(/^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^?]*)?(\?.*)?)?$/, 's3://bucket[/prefix]?endpoint=...&region=...').optional(),
  MAX_CONCURRENT_RUNS: z.coerce.number().int().min(1).max(64).default(2),
  CHROMIUM_PATH: z.string().optional(),
  CHROMIUM_HEADLESS_PATH: z.string().optional(),
  SCHEDULER_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  /** When the weekly summary mails go out (cron, UTC), or 'off'. */
  WEEKLY_DIGEST_CRON: z.string().trim().default('0 7 * * 1'),
  /** How workspace code (step files) is run: inside bubblewrap, or with the server's rights. */
  RUNNER_SANDBOX: z.enum(['auto', 'bwrap', 'off']).default('auto'),
  /** Wall-clock limit of one runner process (a scenario group of an execution), in minutes. */
  RUNNER_TIMEOUT_MINUTES: z.coerce.number().positive().max(24 * 60).default(120),
  /** Memory one process of a sandboxed run may take (RLIMIT_DATA), in MB. */
  RUNNER_MEMORY_MB: z.coerce.number().int().min(256).max(1024 * 1024).default(4096),
  /**
   * Where the run processes' compile cache is kept (filled by a trusted warm-up, read-only for runs);
   * default DATA_DIR/runner-cache/.compile, 'off' for none.
   */
  RUN_COMPILE_CACHE_DIR: z.string().trim().default(''),
  /** Processes and threads a sandboxed run may have at once (RLIMIT_NPROC in its own user namespace). */
  RUNNER_MAX_PROCESSES: z.coerce.number().int().min(32).max(100_000).default(2048),
  /** Whether a team's private Git remote may be on a loopback, link-local or private address. */
  ALLOW_PRIVATE_GIT_HOSTS: bool.default(false),
  /** An OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, llama.cpp); unset: the offline AI. */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().optional(),
  /** Cloud recorder sessions (a sandboxed Chromium each): at once per user, at once on this server. */
  RECORDER_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100).default(1),
  RECORDER_MAX_SESSIONS: z.coerce.number().int().min(1).max(1000).default(4),
  /** A recorder session without input for this long ends. */
  RECORDER_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** A recorder session ends after this long, whatever it is doing. */
  RECORDER_MAX_DURATION_MS: z.coerce.number().int().min(1000).default(60 * 60_000),
  /** Where scenario groups of executions run: this process ('local') or run workers taking them from a BullMQ queue ('external', needs REDIS_URL). */
  RUN_WORKERS: z.enum(['local', 'external']).default('local'),
  /** Redis key prefix of the run queue (several deployments on one Redis). */
  RUN_QUEUE_PREFIX: z.string().trim().min(1).max(100).default('stepwise'),
  /** A worker silent for this long has its job retried once on another worker (BullMQ stalled job), in seconds. */
  RUN_WORKER_LOCK_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Company sign-in through an OpenID Connect provider (auth/oidc/): its issuer URL and this server's client there. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** E-mail domains whose company accounts may sign in (comma-separated); empty: any. */
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  /** Seconds of clock difference allowed with the provider when checking ID-token times. */
  OIDC_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** The workspace server this API server calls for Git (http(s)://host:port); absent: the repositories on this machine's disk. */
  WORKSPACE_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'an http(s):// address of the workspace server' })]).optional(),
  /** Shared secret of the workspace server and the API servers calling it; on the workspace server it opens /internal/workspace. */
  WORKSPACE_TOKEN: z.union([z.literal(''), z.string().min(32, 'WORKSPACE_TOKEN must be at least 32 characters')]).optional(),
});

export interface Config {
  /** WORKSPACE_URL: the workspace server to call for Git; absent: the repositories are on this machine. */
  workspaceUrl?: string;
  /** WORKSPACE_TOKEN: the secret shared with the workspace server (on it: opens its internal routes). */
  workspaceToken?: string;
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Key for secrets at rest; generated into DATA_DIR when not given. */
  secretKey?: string;
  publicUrl?: string;
  sessionTtlMs: number;
  smtpUrl?: string;
  mailFrom: string;
  defaultPlan: (typeof PLAN_NAMES)[number];
  allowDeleteProjects: boolean;
  trialInviteDomains: string[];
  signupEnabled: boolean;
  clientDownloadUrl?: string;
  docsUrl?: string;
  supportUrl?: string;
  trustProxy: boolean;
  logLevel: string;
  webDist?: string;
  clientPackageDir?: string;
  loginMaxFailures: number;
  /** AUTH_RATE_LIMIT_PER_MINUTE: requests per minute from one address to the sign-up and sign-in routes. */
  authRateLimitPerMinute: number;
  loginWindowMs: number;
  /** API_CACHE_TTL_SECONDS: the longest a server answers from its caches (cache/api-caches.ts) without hearing of a change; 0: no caches. */
  apiCacheTtlMs: number;
  /** Redis for the BullMQ execution scheduler (several server processes); absent: the embedded scheduler. */
  redisUrl?: string;
  /** REDIS_PREFIX; absent: 'stepwise' for socket.io and rate limits, BullMQ's own for the scheduler. */
  redisPrefix?: string;
  /** BLOB_STORE: which store ctx.blobs is (blobs/select-blob-store.ts). */
  blobStore: 'auto' | 'fs' | 'postgres' | 's3';
  /** S3_URL: blobs in an S3-compatible bucket (wins over PostgreSQL in 'auto'). */
  s3Url?: string;
  /** Execution instances this server runs at once; more wait in a queue. */
  maxConcurrentRuns: number;
  /** Browser executable for runs; absent: the runner looks for one. */
  chromiumPath?: string;
  /** CHROMIUM_HEADLESS_PATH: the headless shell headless runs take when it exists ('off': chromiumPath); absent: the runner's default. */
  chromiumHeadlessPath?: string;
  /**
   * Shifts the clock the execution scheduler sees (tests and demos of schedules: "it is 23:59 now").
   * Refused in production.
   */
  schedulerClockOffsetMs: number;
  /** Cron pattern (UTC) of the weekly summary mails to each project's recipients; null: none sent. */
  weeklyDigestCron: string | null;
  /** RUNNER_SANDBOX: 'auto' (bubblewrap when it works), 'bwrap' (required) or 'off'. */
  runnerSandbox: 'auto' | 'bwrap' | 'off';
  runnerTimeoutMs: number;
  runnerMemoryMb: number;
  runnerMaxProcesses: number;
  /** Folder of the run processes' compile cache (RUN_COMPILE_CACHE_DIR), or null: none. */
  runCompileCacheDir: string | null;
  /** Private remotes on loopback, link-local and private addresses are refused unless this is set. */
  allowPrivateGitHosts: boolean;
  /** Chat-completions endpoint of the AI (`.../v1`); absent: the offline provider. */
  aiBaseUrl?: string;
  /** Never logged: the logger learns it as a secret when the provider is built. */
  aiApiKey?: string;
  aiModel?: string;
  recorderMaxSessionsPerUser: number;
  recorderMaxSessions: number;
  recorderIdleTimeoutMs: number;
  recorderMaxDurationMs: number;
  /** 'external': scenario groups go to run workers through a BullMQ queue on REDIS_URL. */
  runWorkers: 'local' | 'external';
  runQueuePrefix: string;
  runWorkerLockMs: number;
  /** Company sign-in (OIDC_*); absent: e-mail and password only. The client secret is never logged. */
  oidc?: OidcConfig;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains allowed to sign in; empty: any. */
  allowedDomains: string[];
  clockToleranceSeconds: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; an invalid value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.RUN_WORKERS === 'external' && !e.REDIS_URL) {
    throw new ConfigError('Invalid configuration: RUN_WORKERS: external needs REDIS_URL (the run queue)');
  }
  if (e.WORKSPACE_URL && !e.WORKSPACE_TOKEN) {
    throw new ConfigError('Invalid configuration: WORKSPACE_URL needs WORKSPACE_TOKEN (the secret shared with the workspace server)');
  }
  if (e.NODE_ENV === 'production' && e.SCHEDULER_CLOCK_OFFSET_MS !== 0) {
    throw new ConfigError('Invalid configuration: SCHEDULER_CLOCK_OFFSET_MS: not allowed in production');
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(`Invalid configuration: ${e.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID'}: required with OIDC_ISSUER`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    publicUrl: e.PUBLIC_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    defaultPlan: e.DEFAULT_PLAN,
    allowDeleteProjects: e.ALLOW_DELETE_PROJECTS,
    trialInviteDomains: e.TRIAL_INVITE_DOMAINS.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean),
    signupEnabled: e.SIGNUP_ENABLED,
    clientDownloadUrl: e.CLIENT_DOWNLOAD_URL,
    docsUrl: e.DOCS_URL,
    supportUrl: e.SUPPORT_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    clientPackageDir: e.CLIENT_PACKAGE_DIR,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    apiCacheTtlMs: e.API_CACHE_TTL_SECONDS * 1000,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX || undefined,
    blobStore: e.BLOB_STORE,
    s3Url: e.S3_URL || undefined,
    maxConcurrentRuns: e.MAX_CONCURRENT_RUNS,
    chromiumPath: e.CHROMIUM_PATH || undefined,
    chromiumHeadlessPath: e.CHROMIUM_HEADLESS_PATH || undefined,
    schedulerClockOffsetMs: e.SCHEDULER_CLOCK_OFFSET_MS,
    weeklyDigestCron: e.WEEKLY_DIGEST_CRON === 'off' || e.WEEKLY_DIGEST_CRON === '' ? null : e.WEEKLY_DIGEST_CRON,
    runnerSandbox: e.RUNNER_SANDBOX,
    runnerTimeoutMs: e.RUNNER_TIMEOUT_MINUTES * 60_000,
    runnerMemoryMb: e.RUNNER_MEMORY_MB,
    runnerMaxProcesses: e.RUNNER_MAX_PROCESSES,
    runCompileCacheDir: e.RUN_COMPILE_CACHE_DIR === 'off' ? null : path.resolve(e.RUN_COMPILE_CACHE_DIR || path.join(e.DATA_DIR, 'runner-cache', '.compile')),
    allowPrivateGitHosts: e.ALLOW_PRIVATE_GIT_HOSTS,
    workspaceUrl: e.WORKSPACE_URL || undefined,
    workspaceToken: e.WORKSPACE_TOKEN || undefined,
    aiBaseUrl: e.AI_BASE_URL || undefined,
    aiApiKey: e.AI_API_KEY || undefined,
    aiModel: e.AI_MODEL || undefined,
    recorderMaxSessionsPerUser: e.RECORDER_MAX_SESSIONS_PER_USER,
    recorderMaxSessions: e.RECORDER_MAX_SESSIONS,
    recorderIdleTimeoutMs: e.RECORDER_IDLE_TIMEOUT_MS,
    recorderMaxDurationMs: e.RECORDER_MAX_DURATION_MS,
    runWorkers: e.RUN_WORKERS,
    runQueuePrefix: e.RUN_QUEUE_PREFIX,
    runWorkerLockMs: e.RUN_WORKER_LOCK_SECONDS * 1000,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET ? {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      allowedDomains: e.OIDC_ALLOWED_DOMAINS.split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean),
      clockToleranceSeconds: e.OIDC_CLOCK_TOLERANCE_SECONDS,
    } : undefined,
  };
}
