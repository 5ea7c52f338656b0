// Administration commands run on the server machine: `npm run admin -- <command> ...`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAN_NAMES, type PlanName } from '@stepwise/shared';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { planColumns } from '../projects/plan.ts';
import { createSandbox, SandboxUnavailableError } from '../sandbox/sandbox-probe.ts';
import { runnerProbe } from '../execution-runs/runner-job.ts';
import { ApiCaches } from '../cache/api-caches.ts';
import { createLogger } from '../logger.ts';

const USAGE = `Usage: npm run admin -- <command>

  projects                              list projects with their plan and expiry
  set-plan <projectId> <plan> [--days N] [--threads N]
                                        put a project on a plan (${PLAN_NAMES.join(', ')});
                                        --days sets the expiry N days from now (0: expired);
                                        --threads sets its execution threads (0: no Executions)
  set-project-limit <email> <count>     change how many projects a user may create
  outbox <email>                        show the mails kept for an address
  sandbox                               which run sandbox is in force (RUNNER_SANDBOX) and why`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { days: { type: 'string' }, threads: { type: 'string' } } });
  const [command, ...rest] = positionals;
  if (!command || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  if (command === 'sandbox') return reportSandbox(config.runnerSandbox);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  // With REDIS_URL the running servers drop what they cached of a changed project or user at once;
  // without it (one server) they read it again within API_CACHE_TTL_SECONDS.
  const caches = await ApiCaches.create(config, createLogger('silent', false));
  try {
    await migrateToLatest(db);
    return await run({ db, caches }, command, rest, values.days, values.threads);
  } finally {
    await caches.close();
    await db.destroy();
  }
}

/** Prints the sandbox that runs would get: what the server would say at start, without starting it. */
async function reportSandbox(setting: 'auto' | 'bwrap' | 'off'): Promise<number> {
  const quiet = { warn: () => {}, info: () => {} };
  try {
    const { status } = await createSandbox(setting, quiet, runnerProbe());
    const inForce = status.mode === 'off' ? 'no sandbox' : `bubblewrap, ${status.network === 'isolated' ? 'its own network (pasta)' : "the server's network"}`;
    console.log(`RUNNER_SANDBOX=${setting}: ${inForce}`);
    if (status.warning) console.log(status.warning);
    return 0;
  } catch (err) {
    if (err instanceof SandboxUnavailableError) return fail(err.message);
    throw err;
  }
}

async function run({ db, caches }: { db: Db; caches: ApiCaches }, command: string, args: string[], days?: string, threads?: string): Promise<number> {
  switch (command) {
    case 'projects': {
      const rows = await db.selectFrom('projects').select(['id', 'name', 'plan', 'expires_at', 'max_scenarios_allowed']).orderBy('created_at').execute();
      console.table(rows.map((r) => ({ ...r, expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : 'never' })));
      return 0;
    }
    case 'set-plan': {
      const [projectId, plan] = args;
      if (!projectId || !(PLAN_NAMES as readonly string[]).includes(plan ?? '')) return fail(`set-plan needs a project id and one of ${PLAN_NAMES.join(', ')}`);
      const columns = planColumns(plan as PlanName);
      if (days !== undefined) {
        const n = Number(days);
        if (!Number.isFinite(n) || n < 0) return fail('--days must be a number >= 0');
        columns.expires_at = new Date(Date.now() + n * 86_400_000);
      }
      if (threads !== undefined) {
        const n = Number(threads);
        if (!Number.isInteger(n) || n < 0 || n > 1000) return fail('--threads must be a whole number from 0 to 1000');
        columns.max_execution_threads = n;
      }
      const res = await db.updateTable('projects').set(columns).where('id', '=', projectId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return fail(`No project ${projectId}`);
      await caches.changed({ kind: 'project', projectId });
      console.log(`Project ${projectId} is now on ${plan}${columns.expires_at ? `, expiring ${columns.expires_at.toISOString()}` : ''}.`);
      return 0;
    }
    case 'set-project-limit': {
      const [email, count] = args;
      const n = Number(count);
      if (!email || !Number.isInteger(n) || n < 0) return fail('set-project-limit needs an e-mail and a whole number');
      const res = await db.updateTable('users').set({ allowed_projects_count: n }).where('email', '=', email.toLowerCase()).returning('id').executeTakeFirst();
      if (!res) return fail(`No user ${email}`);
      await caches.changed({ kind: 'user', userId: res.id });
      console.log(`${email} may now create ${n} projects.`);
      return 0;
    }
    case 'outbox': {
      const [email] = args;
      if (!email) return fail('outbox needs an e-mail');
      const rows = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email.toLowerCase()).orderBy('id', 'desc').limit(20).execute();
      for (const r of rows) console.log(`--- ${new Date(r.created_at).toISOString()} ${r.subject}\n${r.text_body}`);
      return 0;
    }
    default:
      return fail(`Unknown command ${command}\n\n${USAGE}`);
  }
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
