import { EXECUTION_EVENTS, EXECUTION_MESSAGES, type InstanceStatus } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { RunnerHooks } from '../executions/execution-runner.ts';
import { type RunStatus, RUN_STATUSES } from '../runs/run-store.ts';
import { updateInstance } from './instances.repository.ts';
import { snapshot, type Active } from './instance-state.ts';
import { SplitSecrets } from './log-splits.ts';

/** Messages of the instance log and status line. */
export const RUN_MESSAGES = {
  queued: 'Queued',
  checkingOut: (branch: string) => `Checking out ${branch}`,
  running: (done: number, total: number) => `Running ${done} of ${total} scenarios`,
  storing: 'Storing the report',
  passed: 'All scenarios passed',
  passedQuarantined: (n: number) => `All scenarios passed but ${n} quarantined (not counted)`,
  failed: (failed: number, total: number) => `${failed} of ${total} scenarios failed`,
  stopped: 'Stopped',
  interrupted: 'The server stopped while this execution was running',
  abandoned: 'The server running this execution stopped answering',
  internal: 'The execution could not be run because of an internal error',
  noThreads: EXECUTION_MESSAGES.needsLicence,
  timeLimit: (ms: number) => `The run exceeded its time limit of ${ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} s`} and was ended`,
  memoryLimit: (mb: number) => `The run exceeded its memory limit of ${mb} MB per process and was ended`,
} as const;

/** Publishes a status update at most this often per instance (the last one is always sent). */
const PUBLISH_INTERVAL_MS = 500;
/** Progress is written to the instance row at most this often. */
const PERSIST_INTERVAL_MS = 2000;
const MAX_LOG_LINES = 5000;
export const MAX_LOG_LINE = 2000;

/** Status, events and logs of the instances: the status line, throttled socket events, the instance row and its log. */
export class InstanceStatusWriter {
  private readonly ctx: AppContext;
  private readonly hooks: RunnerHooks;
  /** Per instance, the recent lines a secret's later pieces are looked for with (made again when its redactor changes). */
  private readonly splits = new WeakMap<Active, SplitSecrets>();
  private readonly splitsRedact = new WeakMap<Active, Active['redact']>();

  constructor(ctx: AppContext, hooks: RunnerHooks) {
    this.ctx = ctx;
    this.hooks = hooks;
  }

  async setStatus(a: Active, status: InstanceStatus, verboseStatus: string): Promise<void> {
    const now = new Date().toISOString();
    const changed = a.live.status !== status;
    a.live.status = status;
    a.live.verboseStatus = verboseStatus;
    a.live.timestamp = now;
    if (changed) a.live.statusHistory.push({ status, verboseStatus, timestamp: now });
    this.log(a, verboseStatus);
    this.publishUpdate(a);
    await this.persist(a);
  }

  /** Sends the status now, or once PUBLISH_INTERVAL_MS has passed since the last one (`now`: at once). */
  publishUpdate(a: Active, now = false): void {
    if (a.finished) return;
    a.live.timestamp = new Date().toISOString();
    const wait = a.lastPublish + PUBLISH_INTERVAL_MS - Date.now();
    if (wait <= 0 || now) {
      if (a.publishTimer) clearTimeout(a.publishTimer);
      a.publishTimer = null;
      a.lastPublish = Date.now();
      this.hooks.publish(a.projectId, EXECUTION_EVENTS.statusUpdate(a.id), snapshot(a.live));
      return;
    }
    if (a.publishTimer) return;
    a.publishTimer = setTimeout(() => {
      a.publishTimer = null;
      if (a.finished) return;
      a.lastPublish = Date.now();
      this.hooks.publish(a.projectId, EXECUTION_EVENTS.statusUpdate(a.id), snapshot(a.live));
    }, wait);
  }

  schedulePersist(a: Active): void {
    if (a.persistTimer || a.finished) return;
    a.persistTimer = setTimeout(() => {
      a.persistTimer = null;
      this.persist(a).catch((err) => this.ctx.log.warn({ err, instanceId: a.id }, 'could not store execution progress'));
    }, PERSIST_INTERVAL_MS);
  }

  /**
   * Writes the live state and the new log lines to the instance row (writes queue up, in order). Until
   * the end, the last lines of the runner's output stay in memory only: the next line may show that
   * they held a secret's first piece (SplitSecrets), and a written line is never written again.
   */
  persist(a: Active, finishedAt?: string): Promise<void> {
    const write = async () => {
      const open = finishedAt ? null : this.splits.get(a)?.openFrom();
      const upTo = Math.max(a.logsPersisted, open ?? a.logs.length);
      const fresh = a.logs.slice(a.logsPersisted, upTo);
      a.logsPersisted = upTo;
      await updateInstance(this.ctx.db, a.id, {
        status: a.live.status,
        verbose_status: a.live.verboseStatus,
        status_history: JSON.stringify(a.live.statusHistory),
        scenarios_passed: a.live.scenariosPassed,
        scenarios_failed: a.live.scenariosFailed,
        total_scenarios: a.live.totalScenarios,
        ...(finishedAt ? { finished_at: finishedAt } : {}),
      }, fresh);
    };
    a.writes = a.writes.then(write, write);
    return a.writes;
  }

  /**
   * One line of the instance log: timestamped, secrets redacted (also a secret whose pieces are on
   * this line and the ones before it), length and count capped.
   */
  log(a: Active, text: string): void {
    if (a.logs.length >= MAX_LOG_LINES) {
      if (!a.logsTruncated) {
        a.logsTruncated = true;
        a.logs.push(`${new Date().toISOString()} (log truncated after ${MAX_LOG_LINES} lines)`);
      }
      return;
    }
    const placed = this.splitsOf(a).place(text, a.logs.length);
    for (const { index, line } of placed.changed) {
      if (index < a.logsPersisted) continue;
      const stamp = a.logs[index].slice(0, a.logs[index].indexOf(' '));
      a.logs[index] = logLine(stamp, line);
    }
    a.logs.push(logLine(new Date().toISOString(), placed.line));
    this.schedulePersist(a);
  }

  private splitsOf(a: Active): SplitSecrets {
    let splits = this.splits.get(a);
    if (!splits || this.splitsRedact.get(a) !== a.redact) {
      splits = new SplitSecrets(a.redact);
      this.splits.set(a, splits);
      this.splitsRedact.set(a, a.redact);
    }
    return splits;
  }
}

function logLine(stamp: string, text: string): string {
  const line = text.replaceAll('\u0000', '');
  return `${stamp} ${line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE)}…` : line}`;
}

export function finalStatus(halted: boolean, runStatus: RunStatus, failed: number, total: number, quarantined = 0): { status: InstanceStatus; message: string } {
  if (halted) return { status: 'stopped', message: RUN_MESSAGES.stopped };
  if (runStatus === RUN_STATUSES.passed) return { status: 'passed', message: quarantined ? RUN_MESSAGES.passedQuarantined(quarantined) : RUN_MESSAGES.passed };
  return { status: 'failed', message: RUN_MESSAGES.failed(failed, total) };
}
