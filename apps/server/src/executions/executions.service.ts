import { randomUUID } from 'node:crypto';
import {
  EXECUTION_MESSAGES,
  MSG,
  type ExecutionDto,
  type ExecutionEventDto,
  type ExecutionInput,
  type Flow,
  type LiveStatus,
  type Schedule,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { ExecutionRow, Project } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { isExpired } from '../projects/plan.ts';
import { requireMember } from '../projects/project-access.ts';
import { findProject } from '../projects/projects.repository.ts';
import type { ExecutionHub } from './execution-hub.ts';
import type { ExecutionRunner, RunTrigger } from './execution-runner.ts';
import { toEventDto, toExecutionDto } from './execution.presenter.ts';
import {
  deleteExecution,
  findExecution,
  findExecutionRow,
  insertEvents,
  insertExecution,
  instanceProject,
  listEvents,
  listExecutions,
  memberProjects,
  nameTaken,
  updateExecution,
} from './executions.repository.ts';
import { parseSchedule, type ScheduleKeeper } from './schedule-keeper.ts';
import type { Scheduler } from './scheduler.ts';
import type { HaltRelay } from './halt-relay.ts';

/** What the service works with besides the app context (ExecutionsRuntime provides it). */
export interface ExecutionsDeps {
  readonly hub: ExecutionHub;
  readonly runner: ExecutionRunner;
  readonly scheduler: Scheduler;
  readonly keeper: ScheduleKeeper;
  /** Halts an instance another API server runs (several servers on Redis). */
  readonly haltRelay?: HaltRelay | null;
  clock(): Date;
}

export interface RunOptions {
  environment?: string;
  headless: boolean;
  viaCron: boolean;
}

/** Executions of a project: CRUD, running now, scheduling, live instances (spec 002 sections 3, 4, 7). */
export class ExecutionsService {
  private readonly ctx: AppContext;
  private readonly deps: ExecutionsDeps;
  constructor(ctx: AppContext, deps: ExecutionsDeps) {
    this.ctx = ctx;
    this.deps = deps;
  }

  private get db() {
    return this.ctx.db;
  }

  async list(auth: AuthContext, projectId: string): Promise<ExecutionDto[]> {
    const { project } = await requireMember(this.db, auth, projectId);
    if (this.expired(project)) await this.descheduleExpired(project.id);
    return this.listOf(projectId);
  }

  /** The whole list of a project, with no permission check: for the realtime channel. */
  async listOf(projectId: string): Promise<ExecutionDto[]> {
    const live = this.deps.runner.live(projectId);
    return (await listExecutions(this.db, projectId)).map((row) => toExecutionDto(row, live));
  }

  async get(auth: AuthContext, id: string): Promise<ExecutionDto> {
    const row = await findExecution(this.db, id);
    if (!row) throw notFound(EXECUTION_MESSAGES.notFound);
    await requireMember(this.db, auth, row.project_id);
    return toExecutionDto(row, this.deps.runner.live(row.project_id));
  }

  async create(auth: AuthContext, projectId: string, input: ExecutionInput): Promise<ExecutionDto> {
    const { project } = await requireMember(this.db, auth, projectId);
    this.assertLicensed(project);
    this.assertNotExpired(project);
    if (await nameTaken(this.db, projectId, input.name)) throw conflict(EXECUTION_MESSAGES.uniqueName);
    const id = randomUUID();
    const schedule = input.schedule ?? null;
    const enabled = input.enabled && schedule !== null;
    const now = this.deps.clock();
    await this.unique(() =>
      insertExecution(this.db, {
        id,
        project_id: projectId,
        name: input.name,
        env: input.env,
        branch: input.branch,
        flows: JSON.stringify(capThreads(input.flows, project.max_execution_threads)),
        schedule: schedule === null ? null : JSON.stringify(schedule),
        is_single_threaded: input.isSingleThreaded,
        ai_recovery: input.aiRecovery,
        screenshots: input.screenshots,
        enabled,
        env_variables: JSON.stringify({}),
        schedule_anchor: schedule ? now : null,
        next_run_at: enabled && schedule ? this.deps.keeper.nextFor(schedule, now, now) : null,
        created_by: auth.user.id,
        modified_by: auth.user.id,
      }),
    );
    await this.changed(projectId, id);
    return this.dto(id);
  }

  async update(auth: AuthContext, id: string, input: ExecutionInput, opts: { wasScheduleUpdated: boolean; environment?: string }): Promise<ExecutionDto> {
    const { row, project } = await this.load(auth, id);
    this.assertNotExpired(project);
    if (await nameTaken(this.db, row.project_id, input.name, id)) throw conflict(EXECUTION_MESSAGES.uniqueName);
    const schedule = input.schedule ?? null;
    const enabled = input.enabled && schedule !== null;
    if (enabled && !row.enabled) this.assertLicensed(project);
    const scheduleChanged = opts.wasScheduleUpdated || !sameSchedule(parseSchedule(row), schedule);
    const now = this.deps.clock();
    const anchor = schedule === null ? null : scheduleChanged || !row.schedule_anchor ? now : new Date(row.schedule_anchor);
    const keepNext = enabled && row.enabled && !scheduleChanged && row.next_run_at !== null;
    const next = !enabled || !schedule ? null : keepNext ? row.next_run_at : this.deps.keeper.nextFor(schedule, anchor, now);
    const envVariables = { ...(row.env_variables ?? {}), ...(opts.environment ? { environment: opts.environment } : {}) };
    await this.unique(() =>
      updateExecution(this.db, id, {
        name: input.name,
        env: input.env,
        branch: input.branch,
        flows: JSON.stringify(capThreads(input.flows, project.max_execution_threads)),
        schedule: schedule === null ? null : JSON.stringify(schedule),
        is_single_threaded: input.isSingleThreaded,
        ai_recovery: input.aiRecovery,
        screenshots: input.screenshots,
        enabled,
        env_variables: JSON.stringify(envVariables),
        schedule_anchor: anchor,
        next_run_at: next,
        modified_by: auth.user.id,
      }),
    );
    await this.changed(row.project_id, id);
    return this.dto(id);
  }

  /** Halts the execution's live instances, then deletes it (with its events). */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const { row, project } = await this.load(auth, id);
    this.assertNotExpired(project);
    for (const live of this.deps.runner.live(row.project_id).filter((s) => s.executionId === id)) {
      await this.deps.runner.halt(live.executionInstanceId, row.project_id);
    }
    if (!(await deleteExecution(this.db, id))) throw notFound(EXECUTION_MESSAGES.notFound);
    await this.changed(row.project_id, id);
  }

  async run(auth: AuthContext, id: string, opts: RunOptions): Promise<LiveStatus> {
    const { row, project } = await this.load(auth, id);
    this.assertNotExpired(project);
    this.assertLicensed(project);
    const execution = this.runnable(row, project);
    const trigger: RunTrigger = opts.viaCron ? 'schedule' : auth.accessKeyProjectId ? 'api' : 'manual';
    const status = await this.deps.runner.start({
      execution,
      environment: opts.environment || undefined,
      trigger,
      userId: auth.user.id,
      headless: opts.headless,
    });
    this.deps.hub.listChanged(row.project_id);
    return status;
  }

  /** Turns the schedule on (with a new schedule when given); 400 when the execution has none. */
  async schedule(auth: AuthContext, id: string, schedule: Schedule | undefined, envVariables: { environment?: string; HEADLESS?: boolean }): Promise<ExecutionDto> {
    const { row, project } = await this.load(auth, id);
    this.assertNotExpired(project);
    this.assertLicensed(project);
    const current = parseSchedule(row);
    const effective = schedule ?? current;
    if (!effective) throw badRequest(EXECUTION_MESSAGES.scheduleRequired);
    const now = this.deps.clock();
    const newSchedule = schedule !== undefined && !sameSchedule(current, schedule);
    const anchor = newSchedule || !row.schedule_anchor ? now : new Date(row.schedule_anchor);
    const keepNext = row.enabled && !newSchedule && row.next_run_at !== null;
    await updateExecution(this.db, id, {
      schedule: JSON.stringify(effective),
      enabled: true,
      env_variables: JSON.stringify({ ...(row.env_variables ?? {}), ...stripUndefined(envVariables) }),
      schedule_anchor: anchor,
      next_run_at: keepNext ? row.next_run_at : this.deps.keeper.nextFor(effective, anchor, now),
      modified_by: auth.user.id,
    });
    await this.changed(row.project_id, id);
    return this.dto(id);
  }

  async deschedule(auth: AuthContext, id: string): Promise<ExecutionDto> {
    const { row } = await this.load(auth, id);
    await updateExecution(this.db, id, { enabled: false, next_run_at: null, modified_by: auth.user.id });
    await this.changed(row.project_id, id);
    return this.dto(id);
  }

  async instances(auth: AuthContext, projectId: string): Promise<LiveStatus[]> {
    await requireMember(this.db, auth, projectId);
    return this.deps.runner.live(projectId);
  }

  /** Stops a live instance of one of the caller's projects. */
  async halt(auth: AuthContext, instanceId: string, projectHint?: string): Promise<void> {
    const projectId = await this.projectOfInstance(auth, instanceId, projectHint);
    if (!projectId) throw notFound(EXECUTION_MESSAGES.instanceNotFound);
    await requireMember(this.db, auth, projectId);
    const halted = (await this.deps.runner.halt(instanceId, projectId)) || ((await this.deps.haltRelay?.request(instanceId, projectId)) ?? false);
    if (!halted) throw conflict(EXECUTION_MESSAGES.notRunning);
    this.deps.hub.listChanged(projectId);
  }

  async events(auth: AuthContext, id: string, limit = 100): Promise<ExecutionEventDto[]> {
    await this.load(auth, id);
    return (await listEvents(this.db, id, limit)).map(toEventDto);
  }

  /** A scheduled fire that was taken: starts the run, and writes what happened to the execution's events. */
  async fireScheduled(row: ExecutionRow, scheduledFor: Date): Promise<void> {
    const event = { execution_id: row.id, project_id: row.project_id, scheduled_for: scheduledFor };
    try {
      const project = await findProject(this.db, row.project_id);
      if (!project) return;
      this.assertLicensed(project);
      const execution = this.runnable(row, project);
      const env = row.env_variables ?? {};
      const status = await this.deps.runner.start({
        execution,
        environment: env.environment || undefined,
        trigger: 'schedule',
        userId: null,
        headless: env.HEADLESS ?? true,
      });
      await insertEvents(this.db, [{ ...event, kind: 'fired', instance_id: status.executionInstanceId, message: 'Started by its schedule' }]);
    } catch (err) {
      const message = err instanceof HttpError ? err.message : 'The scheduled run could not be started';
      if (!(err instanceof HttpError)) this.ctx.log.error({ err, executionId: row.id }, 'scheduled run not started');
      await insertEvents(this.db, [{ ...event, kind: 'failed', message }]);
    }
    this.deps.hub.listChanged(row.project_id);
  }

  /** Deschedules the executions of an expired project now (the scheduler's sweep does the same every minute). */
  private async descheduleExpired(projectId: string): Promise<void> {
    for (const id of await this.deps.keeper.sweepExpired(projectId)) await this.deps.scheduler.refresh(id);
  }

  private async load(auth: AuthContext, id: string): Promise<{ row: ExecutionRow; project: Project }> {
    const row = await findExecutionRow(this.db, id);
    if (!row) throw notFound(EXECUTION_MESSAGES.notFound);
    const { project } = await requireMember(this.db, auth, row.project_id);
    return { row, project };
  }

  private async dto(id: string): Promise<ExecutionDto> {
    const row = await findExecution(this.db, id);
    if (!row) throw notFound(EXECUTION_MESSAGES.notFound);
    return toExecutionDto(row, this.deps.runner.live(row.project_id));
  }

  /** After a write: re-arm the schedule and push the project's list. */
  private async changed(projectId: string, id: string): Promise<void> {
    await this.deps.scheduler.refresh(id);
    this.deps.hub.listChanged(projectId);
  }

  /** The execution as the runner gets it: threads capped by today's plan; 400 when no flow can run. */
  private runnable(row: ExecutionRow, project: Project): ExecutionDto {
    const dto = toExecutionDto(row, []);
    const flows = capThreads(dto.flows, project.max_execution_threads);
    if (!flows.some(flowCanRun)) throw badRequest(EXECUTION_MESSAGES.allocateThreads);
    return { ...dto, flows };
  }

  private expired(project: Project): boolean {
    return isExpired(project, this.deps.clock().getTime());
  }

  private assertNotExpired(project: Project): void {
    if (this.expired(project)) throw forbidden(MSG.licenceExpired);
  }

  private assertLicensed(project: Project): void {
    if (project.max_execution_threads <= 0) throw forbidden(EXECUTION_MESSAGES.needsLicence);
  }

  /** The project of an instance: from the run manager's table, else among the live instances of the caller's projects. */
  private async projectOfInstance(auth: AuthContext, instanceId: string, hint?: string): Promise<string | null> {
    const stored = await instanceProject(this.db, instanceId);
    if (stored) return stored;
    const candidates = auth.accessKeyProjectId ? [auth.accessKeyProjectId] : hint ? [hint] : await memberProjects(this.db, auth.user.id);
    return candidates.find((p) => this.deps.runner.live(p).some((s) => s.executionInstanceId === instanceId)) ?? null;
  }

  /** A unique-index race lost between the name check and the write is the same 409. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(EXECUTION_MESSAGES.uniqueName);
      throw err;
    }
  }
}

/** Each group's threads: at most the project's allowance and the group's scenario count (spec 002 section 5). */
export function capThreads(flows: Flow[], maxThreads: number): Flow[] {
  const max = Math.max(0, maxThreads);
  return flows.map((flow) => ({
    ...flow,
    // A group chosen by tags alone (no explicit scenarios) is sized when it runs: only the plan caps it.
    scenarioGroups: flow.scenarioGroups.map((g) => ({
      ...g,
      threadCount: Math.min(g.threadCount, max, g.scenarios.length === 0 && g.tags.length > 0 ? max : g.scenarios.length),
    })),
  }));
}

/** A flow runs when it has groups and every one of them has threads. */
export function flowCanRun(flow: Flow): boolean {
  return flow.scenarioGroups.length > 0 && flow.scenarioGroups.every((g) => g.threadCount > 0);
}

function sameSchedule(a: Schedule | null, b: Schedule | null): boolean {
  if (a === null || b === null) return a === b;
  return a.time === b.time && a.timeZone === b.timeZone && a.isBiweekly === b.isBiweekly && a.days.join() === b.days.join();
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
