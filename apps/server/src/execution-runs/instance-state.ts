import type { ChildProcess } from 'node:child_process';
import type { ExecutionDto, LiveStatus, Redact } from '@stepwise/shared';
import type { StartRunInput } from '../executions/execution-runner.ts';
import type { ProcessRef } from './process-tree.ts';

/** A user-facing reason for an instance to end in 'error'. */
export class RunError extends Error {}

/** The in-memory state of one execution instance while the server runs it. */
export interface Active {
  id: string;
  projectId: string;
  runId: string;
  execution: ExecutionDto;
  input: StartRunInput;
  envName: string;
  live: LiveStatus;
  logs: string[];
  logsPersisted: number;
  logsTruncated: boolean;
  /** The run's secrets out of a text; `spans` (when set) finds one cut across two log lines. */
  redact: Redact;
  /** halt() was called. */
  halted: boolean;
  /** A limit of the run (its time, its memory) ended it: what the instance's status says. */
  limit: string | null;
  /** The queue began running it. */
  started: boolean;
  finished: boolean;
  child: ChildProcess | null;
  /** Counters across the groups: finished groups, the running one, the expected of those to come. */
  progress: {
    donePassed: number;
    doneFailed: number;
    doneQuarantined: number;
    doneTotal: number;
    jobPassed: number;
    jobFailed: number;
    jobQuarantined: number;
    jobPlanned: number;
    laterExpected: number;
  } | null;
  tree: ProcessRef[];
  killTimer: NodeJS.Timeout | null;
  publishTimer: NodeJS.Timeout | null;
  lastPublish: number;
  persistTimer: NodeJS.Timeout | null;
  /** Row writes, one after the other. */
  writes: Promise<void>;
  done: Promise<void>;
  resolveDone: () => void;
}

export function snapshot(live: LiveStatus): LiveStatus {
  return { ...live, statusHistory: live.statusHistory.map((h) => ({ ...h })) };
}
