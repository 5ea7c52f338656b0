import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';
import { IDEA_MSG } from '../scenario-ideas.ts';
import { GeneratedStepDto } from './ai.ts';

const projectId = z.string().trim().min(1, 'projectId is required').max(64);
const branch = z.string().trim().min(1).max(200).default(DEFAULT_BRANCH);

/** POST /api/runs/scenarios/ideas: scenario ideas from a description and what the product knows of the application. */
export const ScenarioIdeasBody = z.object({
  projectId,
  description: z.string().trim().min(1, IDEA_MSG.describeFirst).max(2000),
  branch,
  /** The environment whose pages are read when the runs have taught the product nothing yet (default: the member's last one). */
  environment: z.string().trim().min(1).max(200).optional(),
  isPrivateRepo: z.boolean().optional(),
});
export type ScenarioIdeasBody = z.infer<typeof ScenarioIdeasBody>;

/** The spec's generated scenario idea: `flow` holds English steps one per line, `parameters` a JSON string of key/value pairs. */
export const ScenarioIdeaDto = z.object({
  name: z.string(),
  flow: z.string(),
  parameters: z.string(),
});
export type ScenarioIdeaDto = z.infer<typeof ScenarioIdeaDto>;

export const ScenarioIdeasResponse = z.object({
  status: z.literal('success'),
  result: z.array(ScenarioIdeaDto),
});
export type ScenarioIdeasResponse = z.infer<typeof ScenarioIdeasResponse>;

/**
 * POST /api/runs/scenarios/scenario-creation (header X-Source: Creation): one idea becomes a scenario
 * of the feature, its steps given code. The spec's fields (name, flow, parameters, url, access_key)
 * and where the scenario goes (projectId, branch, featureName, parentPath).
 */
export const ScenarioCreationBody = z.object({
  name: z.string().max(300),
  flow: z.string().max(20_000),
  parameters: z.string().max(20_000).default('{}'),
  /** The application's address: picks the environment with this base URL when `environment` is not given. */
  url: z.string().max(2000).optional(),
  /** The project's access key (the spec sends it as bearer too); checked against the project when given. */
  access_key: z.string().max(200).optional(),
  projectId,
  branch,
  environment: z.string().trim().min(1).max(200).optional(),
  featureName: z.string().trim().min(1, IDEA_MSG.chooseFeature).max(200),
  parentPath: z.string().max(1000).default(''),
  isPrivateRepo: z.boolean().optional(),
});
export type ScenarioCreationBody = z.infer<typeof ScenarioCreationBody>;

export const ScenarioCreationResponse = z.object({
  status: z.literal('success'),
  /** Path of the feature under features/, the scenario's index and (unique) name in it. */
  path: z.string(),
  scenarioIndex: z.number().nullable(),
  scenarioName: z.string().nullable(),
  /** The scenario as saved. */
  gherkin: z.string(),
  steps: z.array(GeneratedStepDto),
  commit: z.string(),
});
export type ScenarioCreationResponse = z.infer<typeof ScenarioCreationResponse>;

/** The X-Source header value of scenario-creation. */
export const SCENARIO_CREATION_SOURCE = 'Creation';
