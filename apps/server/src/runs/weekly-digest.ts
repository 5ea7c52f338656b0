import { Cron } from 'croner';
import { sql } from 'kysely';
import { isValidEmail, savings, type Savings } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { projectMetrics, type ProjectMetrics } from './dashboard.repository.ts';

/**
 * The weekly summary mail (the dashboard's "weekly email updates to"): for every project with
 * recipients, last week's runs, pass and fail counts, time spent, the scenarios that failed most and
 * the value metrics' savings, once per project and week (a row in weekly_digests claims the week,
 * so several servers running the schedule send it once).
 */

const MAX_RECIPIENTS = 50;
const TOP_FAILURES = 5;

export interface DigestWeek {
  /** Monday 00:00 UTC. */
  start: Date;
  /** Sunday 23:59:59.999 UTC. */
  end: Date;
  /** ISO week: 2026-W47. */
  key: string;
}

/** The ISO week (Monday to Sunday, UTC) before the one `now` is in. */
export function previousWeek(now: Date): DigestWeek {
  const day = (now.getUTCDay() + 6) % 7; // Monday 0
  const thisMonday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  const start = new Date(thisMonday - 7 * 86_400_000);
  const end = new Date(thisMonday - 1);
  // ISO week number: the week of its Thursday.
  const thursday = new Date(start.getTime() + 3 * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return { start, end, key: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}` };
}

/** The recipients saved with the dashboard's personalisation (a list, or text separated by commas, semicolons or spaces). */
export function digestRecipients(personalization: Readonly<Record<string, unknown>> | null | undefined): string[] {
  const raw = personalization?.weeklyEmailUpdatesTo;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,;]+/) : [];
  const seen = new Set<string>();
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const email = item.trim().toLowerCase();
    if (email && isValidEmail(email)) seen.add(email);
  }
  return [...seen].slice(0, MAX_RECIPIENTS);
}

export interface DigestContent {
  projectName: string;
  week: DigestWeek;
  metrics: ProjectMetrics;
  savings: Savings;
  topFailures: Array<{ scenario: string; feature: string; failures: number }>;
  /** Link to the project's dashboard, when the server knows its public address. */
  dashboardUrl: string | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;

/** The mail's subject and text. */
export function digestMail(c: DigestContent): { subject: string; text: string } {
  const runs = c.metrics.passedExecutionsCount + c.metrics.failedExecutionsCount;
  const rate = runs ? Math.round((c.metrics.passedExecutionsCount / runs) * 100) : null;
  const lines = [
    `Stepwise weekly summary for ${c.projectName}`,
    `Week ${c.week.key} (${day(c.week.start)} to ${day(c.week.end)}, UTC)`,
    '',
    `Runs: ${runs} (${c.metrics.passedExecutionsCount} passed, ${c.metrics.failedExecutionsCount} failed${rate === null ? '' : `, ${rate}% passed`})`,
    `Scenarios run: ${c.metrics.scenariosRun}`,
    `Time spent running: ${hours(c.metrics.executionTimeMs)} h`,
    `Scenarios created: ${c.metrics.createdScenariosCount}; recovered by AI: ${c.metrics.aiRecoveryCount}; failures analysed: ${c.metrics.rcaCount}`,
    '',
    c.topFailures.length ? 'Scenarios that failed most:' : 'No scenario failed.',
    ...c.topFailures.map((f) => `- ${f.scenario}${f.feature ? ` (${f.feature})` : ''}: ${f.failures} failure${f.failures === 1 ? '' : 's'}`),
    '',
    `Saved by automation: ${c.savings.hours.total} h (maintenance ${c.savings.hours.maintenance} h, creation ${c.savings.hours.creation} h, analysis ${c.savings.hours.analysis} h), budget ${c.savings.budget}`,
    ...(c.dashboardUrl ? ['', `Dashboard: ${c.dashboardUrl}`] : []),
    '',
    'You get this mail because a member of the project added you to its weekly email updates.',
  ];
  return { subject: `Stepwise weekly summary: ${c.projectName}, ${c.week.key}`, text: lines.join('\n') };
}

/** Sends last week's summary of every project with recipients that has not had it; answers how many projects and mails. */
export async function sendWeeklyDigests(ctx: AppContext, now = new Date()): Promise<{ projects: number; mails: number }> {
  const week = previousWeek(now);
  const projects = await ctx.db
    .selectFrom('projects')
    .select(['id', 'name', 'dashboard_personalization'])
    .where(sql<boolean>`jsonb_exists(dashboard_personalization, 'weeklyEmailUpdatesTo')`)
    .execute();
  let sent = 0;
  let mails = 0;
  for (const project of projects) {
    const recipients = digestRecipients(project.dashboard_personalization);
    if (recipients.length === 0) continue;
    // The week is claimed first: another server (or a second run of the schedule) finds it taken.
    const claimed = await ctx.db
      .insertInto('weekly_digests')
      .values({ project_id: project.id, week: week.key, recipients: recipients.length })
      .onConflict((oc) => oc.doNothing())
      .returning('project_id')
      .executeTakeFirst();
    if (!claimed) continue;
    try {
      const content = await digestContent(ctx, project, week);
      const mail = digestMail(content);
      for (const to of recipients) {
        await ctx.mailer.send({ to, ...mail });
        mails++;
      }
      sent++;
    } catch (err) {
      // Not sent: the claim goes, so that the next run of the schedule tries again.
      await ctx.db.deleteFrom('weekly_digests').where('project_id', '=', project.id).where('week', '=', week.key).execute();
      ctx.log.warn({ err, projectId: project.id, week: week.key }, 'weekly summary not sent');
    }
  }
  if (sent) ctx.log.info({ week: week.key, projects: sent, mails }, 'weekly summaries sent');
  return { projects: sent, mails };
}

async function digestContent(ctx: AppContext, project: { id: string; name: string; dashboard_personalization: Record<string, unknown> }, week: DigestWeek): Promise<DigestContent> {
  const metrics = await projectMetrics(ctx.db, project.id, week.start, week.end, 0);
  const failures = await sql<{ scenario: string; feature: string; failures: string }>`
    select scenario_name as scenario, feature_name as feature, count(*) as failures
    from test_cases
    where project_id = ${project.id} and publish_time >= ${week.start} and publish_time <= ${week.end} and not superseded
      and status in ('FAILED', 'UNDEFINED', 'AMBIGUOUS')
    group by scenario_name, feature_name
    order by count(*) desc, scenario_name
    limit ${TOP_FAILURES}`.execute(ctx.db);
  const publicUrl = ctx.config.publicUrl?.replace(/\/+$/, '');
  return {
    projectName: project.name,
    week,
    metrics,
    savings: savings(project.dashboard_personalization, metrics),
    topFailures: failures.rows.map((r) => ({ scenario: r.scenario, feature: r.feature, failures: Number(r.failures) })),
    dashboardUrl: publicUrl ? `${publicUrl}/${project.id}/dashboard` : null,
  };
}

/** Runs sendWeeklyDigests on the configured schedule (UTC); answers a stop function. */
export function scheduleWeeklyDigests(ctx: AppContext): () => void {
  if (!ctx.config.weeklyDigestCron) return () => {};
  const job = new Cron(ctx.config.weeklyDigestCron, { timezone: 'UTC', protect: true }, async () => {
    await sendWeeklyDigests(ctx).catch((err) => ctx.log.error({ err }, 'weekly summaries failed'));
  });
  return () => job.stop();
}
