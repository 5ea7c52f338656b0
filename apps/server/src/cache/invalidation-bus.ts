import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredis } from '../optional-libraries.ts';
import type { Logger } from 'pino';
import { redisPrefix } from '../realtime/redis-adapter.ts';

/**
 * What changed, as the API caches (api-caches.ts) need to know it. A message names what it touches;
 * each cache drops what depends on it.
 */
export type Invalidation =
  /** A session ended (logout). */
  | { kind: 'session'; sessionId: string }
  /** A user's row changed (name, last project, onboarding step, ...): their sessions and keys are read again. */
  | { kind: 'user'; userId: string }
  /** An access key was deleted. */
  | { kind: 'access-key'; projectId: string }
  /** A project's row changed or it was deleted: its access entries (and keys) are read again. */
  | { kind: 'project'; projectId: string }
  /** A member left a project (removed, or their role changed). */
  | { kind: 'member'; projectId: string; userId: string }
  /** A member's last selection in a project's features area changed (no userId: every member's, a branch was deleted). */
  | { kind: 'selection'; projectId: string; userId?: string }
  /** A project's runs changed (upload, import, deletion, counts): its runs list answers are made again. */
  | { kind: 'runs'; projectId: string };

/**
 * How invalidations reach every API server of a deployment. `publish` applies the message on this
 * server and returns once every server listening has applied it too (or the wait timed out).
 * `healthy`: this server hears every message; while it is false (Redis connection lost, not yet
 * subscribed) the caches are neither read nor filled.
 */
export interface InvalidationBus {
  readonly healthy: boolean;
  publish(message: Invalidation): Promise<void>;
  /** Called on each message (from this server or another), and with null when messages may have been missed. */
  listen(apply: (message: Invalidation | null) => void): void;
  close(): Promise<void>;
}

/** One process (the embedded database, or a single server): applied at once, in the same turn. */
export class LocalInvalidationBus implements InvalidationBus {
  readonly healthy = true;
  private readonly listeners: Array<(m: Invalidation | null) => void> = [];

  async publish(message: Invalidation): Promise<void> {
    for (const l of this.listeners) l(message);
  }

  listen(apply: (message: Invalidation | null) => void): void {
    this.listeners.push(apply);
  }

  async close(): Promise<void> {}
}

/** How long a publisher waits for every server's acknowledgement before it logs and goes on. */
const ACK_TIMEOUT_MS = 2000;

/**
 * Several API servers (REDIS_URL): a message is published on `<prefix>:api-cache`; every server that
 * is subscribed applies it and acknowledges it on `<prefix>:api-cache-ack`. PUBLISH answers how many
 * subscribers received the message, and the publisher waits for that many acknowledgements, so that
 * a request that revoked something returns only once no server can still answer from what it revoked.
 * Losing the connection empties every cache (listeners called with null) and keeps them unused until
 * the channels are subscribed again. If Redis cannot be reached at all, what another server holds
 * lasts at most the caches' TTL.
 */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly ackChannel: string;
  private readonly log: Logger;
  private readonly listeners: Array<(m: Invalidation | null) => void> = [];
  private readonly waiting = new Map<string, { acks: number; need: number; done: () => void }>();
  private subscribed = false;
  private closed = false;
  /** The subscriber connection's name in Redis (CLIENT LIST): this server's, for operators and tests. */
  readonly connectionName: string;

  constructor(opts: { url: string; prefix?: string; log: Logger }) {
    this.log = opts.log;
    // No offline queue: a publish while disconnected fails at once (the TTL bounds what others hold).
    this.pub = new (ioredis().Redis)(opts.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.connectionName = `${redisPrefix(opts.prefix)}:api-cache:${randomUUID().slice(0, 8)}`;
    this.sub = new (ioredis().Redis)(opts.url, { maxRetriesPerRequest: null, autoResubscribe: false, connectionName: this.connectionName });
    this.channel = `${redisPrefix(opts.prefix)}:api-cache`;
    this.ackChannel = `${redisPrefix(opts.prefix)}:api-cache-ack`;
    for (const client of [this.pub, this.sub]) client.on('error', (err) => this.log.warn({ err }, 'API cache Redis connection error'));
    this.sub.on('message', (channel: string, text: string) => this.received(channel, text));
    this.sub.on('ready', () => void this.subscribe());
    for (const event of ['close', 'reconnecting', 'end']) this.sub.on(event, () => this.lost());
  }

  get healthy(): boolean {
    return this.subscribed && !this.closed;
  }

  listen(apply: (message: Invalidation | null) => void): void {
    this.listeners.push(apply);
  }

  /** Resolves once subscribed (tests and the start wait for it; requests do not). */
  async ready(timeoutMs = 5000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (!this.healthy && Date.now() < until && !this.closed) await new Promise((r) => setTimeout(r, 20));
    return this.healthy;
  }

  async publish(message: Invalidation): Promise<void> {
    this.apply(message);
    const id = randomUUID();
    let done!: () => void;
    const acknowledged = new Promise<void>((resolve) => (done = resolve));
    const waiter = { acks: 0, need: Number.POSITIVE_INFINITY, done };
    this.waiting.set(id, waiter);
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    try {
      waiter.need = await this.pub.publish(this.channel, JSON.stringify({ id, message }));
      if (waiter.acks >= waiter.need) done();
      await acknowledged;
      if (waiter.acks < waiter.need) this.log.warn({ kind: message.kind, acks: waiter.acks, servers: waiter.need }, 'API cache invalidation: not every server acknowledged in time');
    } catch (err) {
      this.log.warn({ err, kind: message.kind }, 'API cache invalidation not published: other servers keep their entries until their TTL');
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.lost();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel, this.ackChannel);
      // Whatever was cached before the connection was lost has been dropped (lost()); start again from here.
      this.subscribed = true;
    } catch (err) {
      this.log.warn({ err }, 'API cache: subscribing to invalidations failed');
    }
  }

  private lost(): void {
    if (this.subscribed) this.log.warn('API cache: invalidation channel lost, caches emptied and unused until it is back');
    this.subscribed = false;
    for (const l of this.listeners) l(null);
  }

  private received(channel: string, text: string): void {
    if (channel === this.ackChannel) {
      const waiter = this.waiting.get(text);
      if (waiter && ++waiter.acks >= waiter.need) waiter.done();
      return;
    }
    let parsed: { id: string; message: Invalidation };
    try {
      parsed = JSON.parse(text) as { id: string; message: Invalidation };
    } catch {
      return;
    }
    if (typeof parsed?.id !== 'string' || typeof parsed.message?.kind !== 'string') return;
    this.apply(parsed.message);
    this.pub.publish(this.ackChannel, parsed.id).catch((err) => this.log.warn({ err }, 'API cache: acknowledgement not sent'));
  }

  private apply(message: Invalidation): void {
    for (const l of this.listeners) l(message);
  }
}
