import { WorkerAgent } from './worker-agent.ts';

/**
 * The `worker` role of the server package: `node apps/server/src/workers/worker-main.ts --server <url> --token <worker token>`
 * (STEPWISE_SERVER / STEPWISE_WORKER_TOKEN are read when the options are absent). `npx stepwise worker` runs the same agent.
 */
export async function runWorker(opts: { server: string; token: string; concurrency?: number; dataDir?: string }): Promise<void> {
  const agent = new WorkerAgent(opts);
  await agent.start();
  const stop = () => void agent.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await agent.stopped;
  if (agent.refused) throw new Error('The server refused the worker token');
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.main) {
  const server = arg('server') ?? process.env.STEPWISE_SERVER;
  const token = arg('token') ?? process.env.STEPWISE_WORKER_TOKEN;
  if (!server || !token) {
    console.error('Usage: worker-main.ts --server <url> --token <worker token>');
    process.exit(2);
  }
  runWorker({ server, token, concurrency: Number(arg('concurrency') ?? 1) || 1 }).then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
