import { loadConfig, ConfigError } from './config.ts';
import { createContext } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { attachRealtime } from './realtime/realtime.ts';
import { scheduleWeeklyDigests } from './runs/weekly-digest.ts';
import { scheduleAuthHousekeeping } from './auth/housekeeping.ts';
import { SandboxUnavailableError } from './sandbox/sandbox-probe.ts';
import { startSpawnHelper } from './processes/spawn-helper.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // Git is started from a small helper process (processes/spawn-helper.ts): forked while this one is small.
  startSpawnHelper();
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  const io = attachRealtime(ctx, app.server);
  await app.listen({ port: config.port, host: config.host });
  ctx.log.info(`Stepwise is running on http://localhost:${config.port}`);
  const stopDigests = scheduleWeeklyDigests(ctx);
  const stopHousekeeping = scheduleAuthHousekeeping(ctx);
  const stop = async () => {
    // Requests in flight get a grace period; a connection still open after it (a client that went
    // away in the middle of an upload, say) is cut so that the server does stop. Realtime clients are
    // closed at once: an open web page's socket would otherwise keep the server from ever closing (an
    // upgraded connection is not the HTTP server's to cut).
    stopDigests();
    stopHousekeeping();
    io.engine.close();
    const grace = setTimeout(() => {
      app.server.closeAllConnections();
      io.engine.close();
    }, SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(grace);
    await ctx.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof SandboxUnavailableError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
