import { EXECUTION_MESSAGES, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { HttpError } from '../http/errors.ts';

/** An execution as the runner receives it: the stored execution, thread counts capped by the project's plan. */
export type ExecutionRecord = ExecutionDto;

export type RunTrigger = 'manual' | 'schedule' | 'api';

export interface StartRunInput {
  execution: ExecutionRecord;
  /** Environment to run against; absent: the execution's own `env`. */
  environment?: string;
  trigger: RunTrigger;
  /** The user who started it; null for a scheduled fire. */
  userId: string | null;
  headless: boolean;
}

/** What the executions area gives the runner: the realtime channel of the project and a list refresh. */
export interface RunnerHooks {
  /** Sends `event` with `payload` to the sockets subscribed to the project's execution status. */
  publish(projectId: string, event: string, payload: unknown): void;
  /** An instance started or stopped: the project's list (its `running` flags) is pushed again. */
  onInstancesChanged(projectId: string): void;
}

/**
 * What runs execution instances. The run manager (execution-runs/run-manager.ts) implements it;
 * this area only starts, halts and lists instances through it.
 */
export interface ExecutionRunner {
  start(input: StartRunInput): Promise<LiveStatus>;
  /** false when the instance is not running. */
  halt(instanceId: string, projectId: string): Promise<boolean>;
  /** Live instances of the project. */
  live(projectId: string): LiveStatus[];
  logs(instanceId: string): Promise<string[] | null>;
  shutdown(): Promise<void>;
}

/** The runner of a server that has none: nothing is live, and starting a run is refused with 503. */
export class UnavailableRunner implements ExecutionRunner {
  async start(): Promise<LiveStatus> {
    throw new HttpError(503, EXECUTION_MESSAGES.runnerUnavailable);
  }
  async halt(): Promise<boolean> {
    return false;
  }
  live(): LiveStatus[] {
    return [];
  }
  async logs(): Promise<string[] | null> {
    return null;
  }
  async shutdown(): Promise<void> {}
}
