import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isValidEmail, isValidProjectUrl } from '../validation.ts';
import { valueMetricNumber } from '../report-rules.ts';
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

export const VALUE_METRIC_MESSAGE = 'Enter a number from 0 with up to 2 decimals';
/** A value-metric number (spec 4.13): from 0, up to 2 decimals; numeric text is taken as its number. */
const valueMetric = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number({ error: VALUE_METRIC_MESSAGE }).refine((n) => valueMetricNumber(n) !== null, VALUE_METRIC_MESSAGE),
);
const weeklyEmails = z.union([
  z.array(z.string().trim().refine(isValidEmail, MSG.invalidEmail)).max(50),
  z.string().max(2000).refine((s) => s.split(/[\s,;]+/).filter(Boolean).every(isValidEmail), MSG.invalidEmail),
]);

/** The dashboard's value-metric assumptions (spec section 3); other keys (layout choices) are kept as they are. */
export const DashboardPersonalizationInfo = z
  .object({
    hourlyRateForTestEngineer: valueMetric.optional(),
    avgTimeToAutomateScenario: valueMetric.optional(),
    avgTimeToAutomateScenarioUsingStepwiseIO: valueMetric.optional(),
    avgTimeToMaintainScenario: valueMetric.optional(),
    avgTimeToAnalyzeFailedScenario: valueMetric.optional(),
    weeklyEmailUpdatesTo: weeklyEmails.optional(),
  })
  .catchall(z.union([z.number(), z.string().max(2000), z.boolean(), z.null()]));

export type DashboardPersonalizationInfo = z.infer<typeof DashboardPersonalizationInfo>;

export const DashboardPersonalizationBody = z.object({
  project_id: idSchema,
  dashboardPersonalizationInfo: DashboardPersonalizationInfo,
});
