import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isValidProjectUrl } from '../validation.ts';
import { PLAN_NAMES } from '../constants.ts';
import { idSchema } from './common.ts';

export const projectUrlSchema = z
  .string({ error: MSG.invalidUrl })
  .trim()
  .max(2048)
  .refine(isValidProjectUrl, MSG.invalidUrl);

export const projectNameSchema = z.string({ error: MSG.projectNameRequired }).trim().min(1, MSG.projectNameRequired).max(100, MSG.projectNameTooLong);

export const CreateProjectBody = z.object({
  name: projectNameSchema,
  url: projectUrlSchema.optional(),
  demo: z.boolean().optional().default(false),
  description: z.string().trim().max(2000).optional(),
});
export type CreateProjectBody = z.input<typeof CreateProjectBody>;

export const RenameProjectBody = z.object({ project_id: idSchema, newName: projectNameSchema });
export const ProjectIdBody = z.object({ project_id: idSchema });
export const ProjectIdCamelBody = z.object({ projectId: idSchema });

export const ProjectDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  demo: z.boolean(),
  privateRepo: z.boolean(),
  privateRepoURL: z.string(),
  configuredPrivateRepo: z.boolean(),
  allowGitIntegration: z.boolean(),
  allowInvite: z.boolean(),
  projectAdmins: z.array(z.string()),
  members: z.array(z.string()),
  userRole: z.string(),
  plan: z.enum(PLAN_NAMES),
  scenarioCount: z.number(),
  maxScenariosAllowed: z.number(),
  maxExecutionThreads: z.number(),
  is_expired: z.boolean(),
  time_left: z.object({ days: z.number().nullable() }),
  npmrc_TextContent: z.string(),
  createdAt: z.string(),
});
export type ProjectDto = z.infer<typeof ProjectDto>;

export const ProjectsResponse = z.object({ status: z.literal('success'), projects: z.array(ProjectDto) });
export const ProjectResponse = z.object({ status: z.literal('success'), project: ProjectDto });
export const LastActiveProjectResponse = z.object({ status: z.literal('success'), project_id: z.string().nullable() });
export const ExpiryResponse = z.object({
  status: z.literal('success'),
  is_expired: z.boolean(),
  time_left: z.object({ days: z.number().nullable() }),
  plan: z.enum(PLAN_NAMES),
});

export const CheckRoleBody = z.object({ project_id: idSchema, action: z.enum(['sendInvitation', 'removeMember', 'deleteProject', 'configureGit']) });
export const CheckRoleResponse = z.object({ status: z.literal('success'), allowed: z.boolean(), role: z.string() });

export const NpmrcBody = z.object({ project_id: idSchema, npmrc_TextContent: z.string().max(20000) });

export const DashboardPersonalizationBody = z.object({
  project_id: idSchema,
  dashboardPersonalizationInfo: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});
