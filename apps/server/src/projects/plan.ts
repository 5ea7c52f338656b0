import { PLANS, PLAN_NAMES, type PlanName } from '@stepwise/shared';
import type { Project } from '../db/schema.ts';

const DAY = 86_400_000;

export function planOf(project: Project): PlanName {
  return (PLAN_NAMES as readonly string[]).includes(project.plan) ? (project.plan as PlanName) : 'Freemium';
}

/** Whole days left before expiry (0 on the last day), or null when the project never expires. */
export function daysLeft(project: Project, now = Date.now()): number | null {
  if (!project.expires_at) return null;
  return Math.max(0, Math.floor((new Date(project.expires_at).getTime() - now) / DAY));
}

export function isExpired(project: Project, now = Date.now()): boolean {
  return project.expires_at !== null && new Date(project.expires_at).getTime() <= now;
}

/** Column values for a project put on a plan today. */
export function planColumns(plan: PlanName, now = Date.now()) {
  const limits = PLANS[plan];
  return {
    plan,
    max_scenarios_allowed: limits.maxScenariosAllowed,
    max_execution_threads: limits.maxExecutionThreads,
    allow_invite: limits.allowInvite,
    expires_at: limits.trialDays === null ? null : new Date(now + limits.trialDays * DAY),
  };
}
