import type { ProjectDto } from '@stepwise/shared';
import type { Project } from '../db/schema.ts';
import { daysLeft, isExpired, planOf } from './plan.ts';

/** `npmrc` is the .npmrc text with its credentials masked (maskNpmrc); the column holds it sealed. */
export function presentProject(p: Project, role: string, people: { members: string[]; admins: string[] }, npmrc: string): ProjectDto {
  return {
    _id: p.id,
    id: p.id,
    name: p.name,
    url: p.url,
    description: p.description,
    demo: p.demo,
    privateRepo: p.private_repo,
    privateRepoURL: p.private_repo_url,
    configuredPrivateRepo: p.configured_private_repo,
    allowGitIntegration: p.allow_git_integration,
    allowInvite: p.allow_invite,
    projectAdmins: people.admins,
    members: people.members,
    userRole: role,
    plan: planOf(p),
    scenarioCount: p.scenario_count,
    maxScenariosAllowed: p.max_scenarios_allowed,
    maxExecutionThreads: p.max_execution_threads,
    is_expired: isExpired(p),
    time_left: { days: daysLeft(p) },
    npmrc_TextContent: npmrc,
    createdAt: new Date(p.created_at).toISOString(),
  };
}
