import { CliError } from '../cli-error.ts';

export interface WorkerArgs {
  server: string;
  token?: string;
  concurrency: number;
  dataDir?: string;
}

/** The run agent of the server package (sandbox, runner launch and checkout are the server's own code). */
type WorkerAgentModule = typeof import('@stepwise/server/src/workers/worker-agent.ts');

/** The server's run agent; the command line's npm package (scripts/pack-cli.mjs) does not carry the server. */
async function loadAgent(): Promise<WorkerAgentModule> {
  try {
    return (await import('@stepwise/server/src/workers/worker-agent.ts')) as WorkerAgentModule;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new CliError("`stepwise worker` runs the server's own code: run it from a copy of the Stepwise source the server runs (npx stepwise worker ...)");
  }
}

/**
 * `stepwise worker`: a run worker for the project of the worker token. It registers with the server,
 * takes the project's jobs from the run queue, runs each scenario group in the sandbox on this machine
 * and reports through the API, until Ctrl+C (a job in progress is stopped and reported as such).
 */
export async function workerCommand(args: WorkerArgs, out: NodeJS.WritableStream, signals: NodeJS.EventEmitter = process): Promise<number> {
  if (!args.token) throw new CliError('A worker token is needed: --token sww_... (made in the project\'s Settings, Workers)');
  if (!args.token.startsWith('sww_')) throw new CliError('This is not a worker token (they start with sww_)');
  const { WorkerAgent } = await loadAgent();
  const agent = new WorkerAgent({ server: args.server, token: args.token, concurrency: args.concurrency, dataDir: args.dataDir, say: (line) => out.write(`${line}\n`) });
  try {
    await agent.start();
  } catch (err) {
    await agent.close().catch(() => {});
    throw new CliError(`The worker could not start: ${(err as Error).message}`);
  }
  const stop = () => {
    out.write('Stopping the worker...\n');
    void agent.close();
  };
  signals.once('SIGINT', stop);
  signals.once('SIGTERM', stop);
  await agent.stopped;
  signals.off('SIGINT', stop);
  signals.off('SIGTERM', stop);
  if (agent.refused) throw new CliError('The server refused the worker token (revoked?)');
  return 0;
}
