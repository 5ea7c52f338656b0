import type { AppContext } from '../context.ts';
import { ExecutionHub } from './execution-hub.ts';
import { UnavailableRunner, type ExecutionRunner, type RunnerHooks } from './execution-runner.ts';
import { ExecutionsService, type ExecutionsDeps } from './executions.service.ts';
import { ScheduleKeeper } from './schedule-keeper.ts';
import { EmbeddedScheduler, type Scheduler } from './scheduler.ts';
import { BullMqScheduler } from './bullmq-scheduler.ts';
import { HaltRelay } from './halt-relay.ts';
import type { Logger } from 'pino';

export interface ExecutionsOptions {
  /** The time the scheduler and the service see; tests move it. */
  clock?: () => Date;
  /** Builds the scheduler; absent: BullMQ when `redisUrl` is set, else the embedded one. */
  scheduler?: (deps: { ctx: AppContext; keeper: ScheduleKeeper; clock: () => Date }) => Scheduler;
  /** REDIS_URL: schedules go through BullMQ on this Redis. */
  redisUrl?: string;
}

/**
 * The executions area of one server process: the realtime hub (on the context from the start, so
 * the run manager can be given its hooks), the runner, and, once `wire` ran, the service and the
 * scheduler. `start` arms the schedules; `stop` disarms them and shuts the runner down.
 */
export class ExecutionsRuntime implements ExecutionsDeps {
  readonly hub = new ExecutionHub();
  private currentRunner: ExecutionRunner = new UnavailableRunner();
  private readonly opts: ExecutionsOptions;
  private wired: { service: ExecutionsService; keeper: ScheduleKeeper; scheduler: Scheduler } | null = null;
  /** Halts for instances another API server runs (REDIS_URL); null on one server. */
  haltRelay: HaltRelay | null = null;
  private started = false;

  constructor(opts: ExecutionsOptions = {}) {
    this.opts = opts;
  }

  clock(): Date {
    return this.opts.clock ? this.opts.clock() : new Date();
  }

  /** Replaces the clock (tests move time this way; null: the real clock again). */
  setClock(clock: (() => Date) | null): void {
    this.opts.clock = clock ?? undefined;
  }

  /** What the run manager is constructed with. */
  get hooks(): RunnerHooks {
    return this.hub.runnerHooks();
  }

  get runner(): ExecutionRunner {
    return this.currentRunner;
  }

  /** Puts the run manager in place (bootstrap does it once the context exists). */
  useRunner(runner: ExecutionRunner): void {
    this.currentRunner = runner;
  }

  /** Builds the service, the keeper and the scheduler on the context (once). */
  wire(ctx: AppContext): void {
    if (this.wired) return;
    const clock = () => this.clock();
    const keeper = new ScheduleKeeper({ db: ctx.db, log: ctx.log, hub: this.hub, clock, onFire: (row, at) => this.service.fireScheduled(row, at) });
    const deps = { db: ctx.db, log: ctx.log, keeper, clock };
    const scheduler =
      this.opts.scheduler?.({ ctx, keeper, clock }) ??
      (this.opts.redisUrl ? new BullMqScheduler({ ...deps, redisUrl: this.opts.redisUrl }) : new EmbeddedScheduler(deps));
    this.wired = { service: new ExecutionsService(ctx, this), keeper, scheduler };
    if (ctx.config.redisUrl) this.haltRelay = new HaltRelay({ url: ctx.config.redisUrl, prefix: ctx.config.redisPrefix, db: ctx.db, log: ctx.log });
    this.log = ctx.log;
  }

  private log: Logger | null = null;

  private get parts() {
    if (!this.wired) throw new Error('executions runtime used before wire(ctx)');
    return this.wired;
  }

  get service(): ExecutionsService {
    return this.parts.service;
  }

  get keeper(): ScheduleKeeper {
    return this.parts.keeper;
  }

  get scheduler(): Scheduler {
    return this.parts.scheduler;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.scheduler.start();
    if (this.haltRelay && this.log) await this.haltRelay.start({ halt: (id, projectId) => this.currentRunner.halt(id, projectId) }, this.log);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.scheduler.stop();
    await this.haltRelay?.close();
    await this.currentRunner.shutdown();
  }
}
