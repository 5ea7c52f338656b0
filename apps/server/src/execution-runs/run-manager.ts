import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PQueue from 'p-queue';
import {
  EXECUTION_EVENTS,
  EXECUTION_MESSAGES,
  type InstanceStatus,
  type LiveStatus,
  type StatusHistoryEntry,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { ExecutionRunner, RunnerHooks, StartRunInput } from '../executions/execution-runner.ts';
import { findProject } from '../projects/projects.repository.ts';
import { featuresAtCommit } from '../workspace/feature-files.ts';
import { storeRun, RUN_STATUSES } from '../runs/run-store.ts';
import { flaggedIdentities } from '../runs/history/history.repository.ts';
import { failAbandonedInstances, findInstance, heartbeat, insertInstance } from './instances.repository.ts';
import { findEnvironment, openRunSecrets, redactReport, redactor } from './run-inputs.ts';
import { assembleReport, type GroupOutput } from './report-assembly.ts';
import type { RunJob } from './runner-job.ts';
import { keepOnlyRegularFile, runnerLauncher } from './runner-launch.ts';
import { RunError, snapshot, type Active } from './instance-state.ts';
import { finalStatus, InstanceStatusWriter, RUN_MESSAGES } from './instance-status.ts';
import { planGroups, runJob, terminate } from './group-runner.ts';
import { repairForRun } from './run-repair.ts';
import { runQueueOf } from '../workers/run-queue.ts';
import { haltOnWorker, runGroupOnWorkers } from '../workers/remote-group.ts';

export { RUN_MESSAGES };

/** Every 30 s a server says which instances it still runs; one silent for 2 minutes has lost its server. */
const HEARTBEAT_MS = 30_000;
const STALE_SECONDS = 120;


/**
 * Runs execution instances: an in-process queue (MAX_CONCURRENT_RUNS at once) of instances, each
 * materialising its branch into a temporary folder and running the runner (packages/runner run-job.ts)
 * once per scenario group, in its own process group, flow after flow. Progress comes over IPC and goes
 * out as socket events (throttled) and into the instance row; at the end the NDJSON messages of all
 * groups become one report, stored as a run whose id was decided at the start (a stable report link).
 * One RunManager per server: at construction, instances a previous process left active are marked 'error'.
 */
export class RunManager implements ExecutionRunner {
  private readonly ctx: AppContext;
  private readonly hooks: RunnerHooks;
  private readonly statusWriter: InstanceStatusWriter;
  private readonly queue: PQueue;
  private readonly active = new Map<string, Active>();
  private closing = false;
  private readonly heartbeatTimer: NodeJS.Timeout;
  /** This server: host and data folder (the same after a restart). */
  readonly owner: string;
  /** Resolves once the instances an earlier run of this server left active are marked. */
  readonly ready: Promise<void>;

  constructor(ctx: AppContext, hooks: RunnerHooks) {
    this.ctx = ctx;
    this.hooks = hooks;
    this.statusWriter = new InstanceStatusWriter(ctx, hooks);
    this.owner = `${os.hostname()}:${path.resolve(ctx.config.dataDir)}`;
    this.queue = new PQueue({ concurrency: ctx.config.maxConcurrentRuns });
    this.ready = this.sweep(RUN_MESSAGES.interrupted, this.owner);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  async start(input: StartRunInput): Promise<LiveStatus> {
    await this.ready;
    if (this.closing) throw new Error('The server is shutting down');
    const { execution } = input;
    const id = randomUUID();
    const runId = randomUUID();
    const now = new Date().toISOString();
    const envName = (input.environment ?? '').trim() || execution.env;
    const history: StatusHistoryEntry[] = [{ status: 'queued', verboseStatus: RUN_MESSAGES.queued, timestamp: now }];
    const live: LiveStatus = {
      executionInstanceId: id,
      executionId: execution._id,
      reportLink: `/${execution.projectId}/run-report/${runId}`,
      status: 'queued',
      verboseStatus: RUN_MESSAGES.queued,
      startTime: now,
      scenariosPassed: 0,
      scenariosFailed: 0,
      scenariosQuarantined: 0,
      totalScenarios: 0,
      timestamp: now,
      statusHistory: history,
    };
    await insertInstance(this.ctx.db, {
      id,
      execution_id: execution._id,
      project_id: execution.projectId,
      execution_name: execution.name,
      status: 'queued',
      verbose_status: RUN_MESSAGES.queued,
      status_history: JSON.stringify(history),
      branch: execution.branch,
      environment: envName,
      trigger: input.trigger,
      user_id: input.userId,
      started_at: now,
      run_id: runId,
      owner: this.owner,
      scenarios_passed: 0,
      scenarios_failed: 0,
      total_scenarios: 0,
      logs: JSON.stringify([`${now} ${RUN_MESSAGES.queued} (${input.trigger})`]),
    });
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const a: Active = {
      id,
      projectId: execution.projectId,
      runId,
      execution,
      input,
      envName,
      live,
      logs: [`${now} ${RUN_MESSAGES.queued} (${input.trigger})`],
      logsPersisted: 1,
      logsTruncated: false,
      redact: (t) => t,
      halted: false,
      limit: null,
      started: false,
      finished: false,
      child: null,
      progress: null,
      tree: [],
      killTimer: null,
      publishTimer: null,
      lastPublish: 0,
      persistTimer: null,
      writes: Promise.resolve(),
      done,
      resolveDone,
    };
    this.active.set(id, a);
    const first = snapshot(a.live);
    this.hooks.publish(a.projectId, EXECUTION_EVENTS.start, first);
    this.hooks.onInstancesChanged(a.projectId);
    this.queue
      .add(() => this.execute(a))
      .catch((err) => this.ctx.log.error({ err, instanceId: id }, 'execution instance failed outside its own handling'));
    return first;
  }

  async halt(instanceId: string, projectId: string): Promise<boolean> {
    const a = this.active.get(instanceId);
    if (!a || a.projectId !== projectId || a.finished) return false;
    if (a.halted) return true;
    a.halted = true;
    this.statusWriter.log(a, EXECUTION_MESSAGES.stopping);
    if (!a.started) {
      // Still waiting in the queue: it ends now; the queue skips it later.
      await this.finish(a, 'stopped', RUN_MESSAGES.stopped);
      return true;
    }
    a.live.verboseStatus = EXECUTION_MESSAGES.stopping;
    this.statusWriter.publishUpdate(a, true);
    if (a.child) terminate(a);
    else if (runQueueOf(this.ctx)) void haltOnWorker(a.id).catch((err) => this.ctx.log.warn({ err, instanceId: a.id }, 'could not halt a job on a worker'));
    return true;
  }

  live(projectId: string): LiveStatus[] {
    return [...this.active.values()].filter((a) => a.projectId === projectId && !a.finished).map((a) => snapshot(a.live));
  }

  async logs(instanceId: string): Promise<string[] | null> {
    const a = this.active.get(instanceId);
    if (a) return [...a.logs];
    const row = await findInstance(this.ctx.db, instanceId);
    return row ? row.logs : null;
  }

  async shutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeatTimer);
    this.queue.clear();
    const all = [...this.active.values()];
    await Promise.all(all.map((a) => this.halt(a.id, a.projectId)));
    await Promise.race([Promise.all(all.map((a) => a.done)), new Promise((r) => setTimeout(r, 10_000).unref())]);
  }

  // ---- The run of one instance ----

  private async execute(a: Active): Promise<void> {
    if (a.finished) return;
    a.started = true;
    let tmpRoot: string | null = null;
    let final: { status: InstanceStatus; message: string } = { status: 'error', message: RUN_MESSAGES.internal };
    try {
      if (a.halted) {
        final = { status: 'stopped', message: RUN_MESSAGES.stopped };
        return;
      }
      const { execution } = a;
      await this.statusWriter.setStatus(a, 'preparing', RUN_MESSAGES.checkingOut(execution.branch));
      const project = await findProject(this.ctx.db, a.projectId);
      if (!project) throw new RunError('The project of this execution does not exist');
      const repo = this.ctx.workspaces.repo(a.projectId);
      const commit = await repo.branchHead(execution.branch);
      if (!commit) throw new RunError(`The branch ${execution.branch} does not exist`);
      const env = await findEnvironment(repo, commit, a.envName);
      if (!env) throw new RunError(EXECUTION_MESSAGES.noEnvironment);
      const maxThreads = project.max_execution_threads;
      if (maxThreads <= 0) throw new RunError(RUN_MESSAGES.noThreads);

      const { features } = await featuresAtCommit(repo, commit);
      const groups = planGroups(a, features, maxThreads, this.statusWriter);
      const total = groups.reduce((n, g) => n + g.expected, 0);
      if (groups.length === 0 || total === 0) throw new RunError(EXECUTION_MESSAGES.noScenarios);
      a.live.totalScenarios = total;

      const secrets = await openRunSecrets(this.ctx, project, repo, commit, env.name);
      a.redact = redactor(secrets.redactions);
      // Named by this process, so that what a server leaves behind can be told from another's.
      tmpRoot = await fs.mkdtemp(path.join(os.tmpdir(), `stepwise-run-${process.pid}-`));
      const workDir = path.join(tmpRoot, 'work');
      // With run workers (RUN_WORKERS=external) the workers check the commit out and start the runner.
      const workers = runQueueOf(this.ctx);
      if (!workers) await repo.materialise(commit, workDir);
      const launch = workers ? null : await runnerLauncher(this.ctx, a.projectId, tmpRoot, workDir, env.baseUrl);
      this.statusWriter.log(a, `Checked out ${execution.branch} at ${commit.slice(0, 12)}; environment ${env.name} (${env.baseUrl || 'no base URL'})`);
      if (a.halted) {
        final = { status: 'stopped', message: RUN_MESSAGES.stopped };
        return;
      }

      await this.statusWriter.setStatus(a, 'running', RUN_MESSAGES.running(0, total));
      const outputs: GroupOutput[] = [];
      const progress = { donePassed: 0, doneFailed: 0, doneQuarantined: 0, doneTotal: 0, jobPassed: 0, jobFailed: 0, jobQuarantined: 0, jobPlanned: 0, laterExpected: total };
      const quarantined = await flaggedIdentities(this.ctx.db, a.projectId);
      a.progress = progress;
      const username = await this.usernameOf(a);
      for (const [i, g] of groups.entries()) {
        if (a.halted || a.limit) break;
        progress.laterExpected -= g.expected;
        Object.assign(progress, { jobPassed: 0, jobFailed: 0, jobQuarantined: 0, jobPlanned: g.expected });
        this.statusWriter.log(a, `Flow ${g.flowIndex + 1}, ${g.groupName}: ${g.expected} scenarios, ${g.parallel} threads, ${g.browser} ${g.viewportLabel}`);
        const messagesFile = path.join(tmpRoot, `messages-${i}.ndjson`);
        const job: RunJob = {
          workDir,
          paths: g.paths,
          ...(g.tags ? { tags: g.tags } : {}),
          parallel: g.parallel,
          browser: g.browser,
          viewport: g.viewport,
          headless: a.input.headless,
          chromiumPath: this.ctx.config.chromiumPath,
          env: { name: env.name, baseUrl: env.baseUrl },
          ipc: 'progress',
          quarantined,
          testData: secrets.testData,
          storedUsers: secrets.storedUsers,
          messagesFile,
          npmrc: secrets.npmrc,
          depsCacheDir: launch?.depsCacheDir ?? '',
          runName: execution.name,
          mode: 'executions',
          username,
          branch: execution.branch,
          ...(execution.aiRecovery ? { aiRecovery: true } : {}),
          screenshots: execution.screenshots,
        };
        const limits = { timeoutMs: this.ctx.config.runnerTimeoutMs, memoryMb: this.ctx.config.runnerMemoryMb };
        const repair = execution.aiRecovery ? repairForRun(this.ctx, a, this.statusWriter) : undefined;
        const ran = launch
          ? await runJob(a, job, launch.start, this.statusWriter, limits, repair).then((exitCode) => (exitCode === null ? null : [{ messagesFile, exitCode }]))
          : await runGroupOnWorkers(this.ctx, workers!, a, job, commit, this.statusWriter, limits);
        if (ran === null) break;
        for (const r of ran) {
          await keepOnlyRegularFile(r.messagesFile);
          outputs.push({ messagesFile: r.messagesFile, exitCode: r.exitCode, browser: g.browser, viewport: g.viewportLabel, label: `${g.groupName} (flow ${g.flowIndex + 1})` });
        }
        progress.donePassed += progress.jobPassed;
        progress.doneFailed += progress.jobFailed;
        progress.doneQuarantined += progress.jobQuarantined;
        progress.doneTotal += Math.max(progress.jobPlanned, progress.jobPassed + progress.jobFailed);
        Object.assign(progress, { jobPassed: 0, jobFailed: 0, jobQuarantined: 0, jobPlanned: 0 });
      }

      await this.statusWriter.setStatus(a, 'running', RUN_MESSAGES.storing);
      const assembled = await assembleReport(outputs, {
        name: execution.name,
        username,
        env: { name: env.name, baseUrl: env.baseUrl },
        branch: execution.branch,
        halted: a.halted || a.limit !== null,
      });
      const { attachments } = assembled;
      const report = redactReport(assembled.report, a.redact);
      // A run a limit ended is kept as far as it went, like a halted one.
      const halted = a.halted || a.limit !== null;
      const runnerFailed = outputs.some((o) => o.exitCode !== 0 && o.exitCode !== 1);
      if (!halted && runnerFailed && report.testCases.length === 0) {
        throw new RunError(report.errors[0] ? a.redact(report.errors[0]) : 'The runner could not run the scenarios');
      }
      const stored = await storeRun(this.ctx, a.projectId, {
        runId: a.runId,
        report,
        attachments,
        type: 'executions',
        userId: a.input.userId,
        executionId: execution._id,
        instanceId: a.id,
        status: halted ? RUN_STATUSES.stopped : undefined,
        meta: { trigger: a.input.trigger, commit, flows: execution.flows.length },
      });
      a.live.scenariosPassed = stored.scenariosPassed;
      a.live.scenariosFailed = stored.scenariosFailed;
      a.live.scenariosQuarantined = stored.scenariosQuarantined ?? 0;
      a.live.totalScenarios = halted ? a.live.totalScenarios : stored.totalScenarios;
      this.statusWriter.log(a, `Report stored: ${stored.scenariosPassed} passed, ${stored.scenariosFailed} failed of ${stored.totalScenarios}`);
      final = finalStatus(halted, stored.status, stored.scenariosFailed, stored.totalScenarios, stored.scenariosQuarantined ?? 0);
    } catch (err) {
      if (err instanceof RunError) final = { status: 'error', message: err.message };
      else {
        this.ctx.log.error({ err, instanceId: a.id, projectId: a.projectId }, 'execution instance failed');
        this.statusWriter.log(a, `${RUN_MESSAGES.internal}: ${a.redact(err instanceof Error ? err.message : String(err))}`);
      }
      if (a.halted) final = { status: 'stopped', message: RUN_MESSAGES.stopped };
    } finally {
      if (a.limit && !a.halted) final = { status: 'error', message: a.limit };
      if (tmpRoot) await fs.rm(tmpRoot, { recursive: true, force: true }).catch((err) => this.ctx.log.warn({ err, tmpRoot }, 'could not remove a run folder'));
      await this.finish(a, final.status, final.message);
    }
  }

  private async finish(a: Active, status: InstanceStatus, verboseStatus: string): Promise<void> {
    if (a.finished) return;
    a.finished = true;
    if (a.persistTimer) clearTimeout(a.persistTimer);
    a.persistTimer = null;
    const now = new Date().toISOString();
    a.live.status = status;
    a.live.verboseStatus = verboseStatus;
    a.live.timestamp = now;
    a.live.statusHistory.push({ status, verboseStatus, timestamp: now });
    this.statusWriter.log(a, `${status}: ${verboseStatus}`);
    try {
      await this.statusWriter.persist(a, now);
    } catch (err) {
      this.ctx.log.error({ err, instanceId: a.id }, 'could not store the end of an execution instance');
    }
    if (a.publishTimer) clearTimeout(a.publishTimer);
    a.publishTimer = null;
    this.hooks.publish(a.projectId, EXECUTION_EVENTS.statusUpdate(a.id), snapshot(a.live));
    this.hooks.publish(a.projectId, EXECUTION_EVENTS.stop, snapshot(a.live));
    this.active.delete(a.id);
    this.hooks.onInstancesChanged(a.projectId);
    a.resolveDone();
  }

  private async usernameOf(a: Active): Promise<string | null> {
    if (!a.input.userId) return null;
    const user = await this.ctx.db.selectFrom('users').select(['firstname', 'lastname', 'email']).where('id', '=', a.input.userId).executeTakeFirst();
    if (!user) return null;
    return `${user.firstname} ${user.lastname}`.trim() || user.email;
  }

  /**
   * Marks 'error' the active instances of this server's previous life (`owner`: at start) and those
   * whose server went silent (any server's, multi-process deployments share the database).
   */
  private async sweep(message: string, owner?: string): Promise<void> {
    try {
      // Never this server's own: a slow heartbeat does not end what still runs here.
      const lost = await failAbandonedInstances(this.ctx.db, message, { owner, staleSeconds: STALE_SECONDS, except: [...this.active.keys()] });
      if (lost.length) this.ctx.log.warn({ instances: lost.map((r) => r.id) }, 'execution instances left by a stopped server were marked as errors');
      for (const projectId of new Set(lost.map((r) => r.project_id))) this.hooks.onInstancesChanged(projectId);
    } catch (err) {
      this.ctx.log.error({ err }, 'could not mark abandoned execution instances');
    }
  }

  /** Every HEARTBEAT_MS: says which instances this server runs, and ends those whose server went silent. */
  async heartbeat(): Promise<void> {
    if (this.closing) return;
    try {
      await heartbeat(this.ctx.db, [...this.active.keys()]);
    } catch (err) {
      this.ctx.log.warn({ err }, 'could not record the execution heartbeat');
    }
    await this.sweep(RUN_MESSAGES.abandoned);
  }

}
