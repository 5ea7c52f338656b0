import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The module `name`, required the first time the getter is called and kept. */
function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

/*
 * The clients of services a server uses only when it is configured for them (REDIS_URL, SMTP_URL, an
 * AI endpoint, S3, a workspace service): loaded where they are first used, not at every start. Each
 * costs 0.1-0.2 s of CPU to load; most servers (one machine, the tests' servers) use none of them.
 * They are required (CommonJS), so that the code using them stays synchronous; their types come from
 * `import type`, which loads nothing. optional-libraries.test.ts checks that a server started without
 * them does not load them.
 */
export const bullmq = onFirstUse<typeof import('bullmq')>('bullmq');
export const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');
export const socketIoRedisAdapter = onFirstUse<typeof import('@socket.io/redis-adapter')>('@socket.io/redis-adapter');
export const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer');
export const openai = onFirstUse<typeof import('openai')>('openai');
export const s3Client = onFirstUse<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');
export const s3Storage = onFirstUse<typeof import('@aws-sdk/lib-storage')>('@aws-sdk/lib-storage');
export const undici = onFirstUse<typeof import('undici')>('undici');

/**
 * compromise, the offline AI's English grammar (ai/nlp.ts), the same way: its bundled CommonJS build
 * (0.35 s of CPU here, against 0.54 s for its ES modules, each a file of their own), which most server
 * processes (workers, run processes, servers whose users never ask the AI) never need.
 */
export const compromise = onFirstUse<typeof import('compromise').default>('compromise');
