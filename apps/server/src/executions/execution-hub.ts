import { EventEmitter } from 'node:events';
import type { RunnerHooks } from './execution-runner.ts';

export interface StatusMessage {
  projectId: string;
  event: string;
  payload: unknown;
}

/**
 * In-process fan-out of the executions area: the service and the scheduler say a project's list
 * changed, the runner publishes live status; the /ws channel forwards both to that project's rooms.
 */
export class ExecutionHub {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** The project's executions changed: its list is pushed again. */
  listChanged(projectId: string): void {
    this.emitter.emit('list', projectId);
  }

  publish(projectId: string, event: string, payload: unknown): void {
    this.emitter.emit('status', { projectId, event, payload } satisfies StatusMessage);
  }

  /** Returns the function that unsubscribes. */
  onListChanged(listener: (projectId: string) => void): () => void {
    this.emitter.on('list', listener);
    return () => this.emitter.off('list', listener);
  }

  onStatus(listener: (message: StatusMessage) => void): () => void {
    this.emitter.on('status', listener);
    return () => this.emitter.off('status', listener);
  }

  /** The hooks handed to the run manager. */
  runnerHooks(): RunnerHooks {
    return {
      publish: (projectId, event, payload) => this.publish(projectId, event, payload),
      onInstancesChanged: (projectId) => this.listChanged(projectId),
    };
  }
}
