import { EventEmitter } from 'node:events';

export interface ProjectEvent {
  projectId: string;
  event: string;
}

/**
 * In-process fan-out of project events: services publish, the realtime channel forwards each event
 * to the sockets of that project only.
 */
export class ProjectEvents {
  private readonly emitter = new EventEmitter();

  publish(projectId: string, event: string): void {
    this.emitter.emit('event', { projectId, event } satisfies ProjectEvent);
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: (e: ProjectEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
