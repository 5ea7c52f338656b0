import { EventEmitter } from 'node:events';

export interface ProjectEvent {
  projectId: string;
  event: string;
}

/**
 * In-process fan-out of project events: services publish, the realtime channel forwards each event
 * to the sockets of that project only.
 */
/** A user lost access: one session (logout), or one project (removed from it). Their sockets are cut. */
export interface AccessRevoked {
  userId: string;
  sessionId?: string;
  projectId?: string;
}

export class ProjectEvents {
  private readonly emitter = new EventEmitter();

  revokeAccess(revoked: AccessRevoked): void {
    this.emitter.emit('revoked', revoked);
  }

  /** Returns the function that unsubscribes. */
  onAccessRevoked(listener: (revoked: AccessRevoked) => void): () => void {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }

  publish(projectId: string, event: string): void {
    this.emitter.emit('event', { projectId, event } satisfies ProjectEvent);
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: (e: ProjectEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
