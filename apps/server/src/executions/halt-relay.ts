import type { Redis } from 'ioredis';
import { ioredis } from '../optional-libraries.ts';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { ACTIVE_STATUSES, findInstance } from '../execution-runs/instances.repository.ts';
import { redisPrefix } from '../realtime/redis-adapter.ts';
import type { ExecutionRunner } from './execution-runner.ts';

interface HaltRequest {
  instanceId: string;
  projectId: string;
}

/**
 * Halts across API servers (REDIS_URL): an instance runs on the server that started it, and a halt may
 * reach any server behind the load balancer. A server that does not run the instance publishes the
 * halt on Redis; every server hears it and the one that runs the instance halts it (its workers'
 * jobs with it), its status going out to every browser through the socket.io adapter.
 */
export class HaltRelay {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly db: Db;

  constructor(opts: { url: string; prefix?: string; db: Db; log: Logger }) {
    this.pub = new (ioredis().Redis)(opts.url, { maxRetriesPerRequest: null, lazyConnect: true });
    this.sub = this.pub.duplicate();
    for (const client of [this.pub, this.sub]) client.on('error', (err) => opts.log.warn({ err }, 'halt relay Redis connection error'));
    this.channel = `${redisPrefix(opts.prefix)}:instance-halt`;
    this.db = opts.db;
  }

  /** Listens for halts published by other servers and hands them to `runner`. */
  async start(runner: Pick<ExecutionRunner, 'halt'>, log: Logger): Promise<void> {
    this.sub.on('message', (_channel: string, message: string) => {
      let request: HaltRequest;
      try {
        request = JSON.parse(message) as HaltRequest;
      } catch {
        return;
      }
      if (typeof request?.instanceId !== 'string' || typeof request.projectId !== 'string') return;
      runner.halt(request.instanceId, request.projectId).catch((err) => log.warn({ err, instanceId: request.instanceId }, 'relayed halt failed'));
    });
    await this.sub.connect();
    await this.sub.subscribe(this.channel);
  }

  /** Asks the server running the instance to halt it: false when no server runs it (the row is not active). */
  async request(instanceId: string, projectId: string): Promise<boolean> {
    const row = await findInstance(this.db, instanceId);
    if (!row || row.project_id !== projectId || !(ACTIVE_STATUSES as readonly string[]).includes(row.status)) return false;
    if (this.pub.status === 'wait') await this.pub.connect();
    await this.pub.publish(this.channel, JSON.stringify({ instanceId, projectId } satisfies HaltRequest));
    return true;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
