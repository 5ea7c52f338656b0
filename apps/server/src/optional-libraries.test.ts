import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from './test/modules-loaded.ts';

const OPTIONAL = /\/node_modules\/(bullmq|ioredis|openai|nodemailer|undici|@aws-sdk\/[^/]+|@socket\.io\/redis-adapter)\//;
const libraryOf = (url: string) => OPTIONAL.exec(url)?.[1];

describe('the clients of optional services (optional-libraries.ts)', () => {
  it('are not loaded by a server configured for none of them: it starts, answers, sends a mail and stops without them', () => {
    const loaded = modulesLoadedBy(`
      import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-optional-'));
      const { loadConfig } = await import('./config.ts');
      const { createContext } = await import('./bootstrap.ts');
      const { buildApp } = await import('./app.ts');
      const { attachRealtime } = await import('./realtime/realtime.ts');
      const ctx = await createContext(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      const app = await buildApp(ctx);
      attachRealtime(ctx, app.server);
      await ctx.executions.start();
      const res = await app.inject({ method: 'GET', url: '/api/config' });
      if (res.statusCode !== 200) throw new Error('config: ' + res.statusCode);
      await ctx.mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi' });
      await ctx.executions.stop();
      await app.close();
      await ctx.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    `);
    expect(loaded.some((u) => u.endsWith('/src/app.ts'))).toBe(true);
    expect([...new Set(loaded.map(libraryOf).filter(Boolean))]).toEqual([]);
  }, 180_000);

  it('are each loaded at their first use, and the same module given every time after', () => {
    const loaded = modulesLoadedBy(`
      const libs = await import('./optional-libraries.ts');
      const checks = {
        bullmq: () => libs.bullmq().Queue, ioredis: () => libs.ioredis().Redis, openai: () => libs.openai().OpenAI,
        nodemailer: () => libs.nodemailer().createTransport, undici: () => libs.undici().Pool,
        s3Client: () => libs.s3Client().S3Client, s3Storage: () => libs.s3Storage().Upload,
        socketIoRedisAdapter: () => libs.socketIoRedisAdapter().createAdapter,
      };
      for (const [name, get] of Object.entries(checks)) if (typeof get() !== 'function' || get() !== get()) throw new Error(name);
    `);
    const libraries = new Set(loaded.map(libraryOf).filter(Boolean));
    for (const name of ['bullmq', 'ioredis', 'openai', 'nodemailer', 'undici', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', '@socket.io/redis-adapter']) expect(libraries).toContain(name);
  });
});
