import { z } from 'zod';
import { DEFAULT_BRANCH } from '../constants.ts';
import { int4 } from './common.ts';
import { INT4_MAX } from '../report-constants.ts';
import { STEP_LIST_SOURCES, STORED_USER_DEFAULT_PAGE_SIZE, STORED_USER_PAGE_SIZES, TEST_DATA_TYPES } from '../workspace-messages.ts';

/** Fields every workspace call may carry. */
const projectId = z.string().trim().min(1, 'projectId is required').max(64);
const branch = z.string().trim().min(1).max(200).default(DEFAULT_BRANCH);
const isPrivateRepo = z.boolean().optional();
/** A folder path relative to features/, '' for the root; '/'-separated. */
const folderPath = z.string().max(1000).default('');
const name = z.string().max(300);
/**
 * The version of a file the client read (its Git blob id; null: the file did not exist). A write
 * carrying one is refused with 409 (StaleWriteResponse) when the file changed since; a write without
 * one (clients that send none) replaces whatever is there.
 */
const baseVersion = z.string().max(64).nullable().optional();

export const ProjectBranchBody = z.object({ projectId, branch, isPrivateRepo });
/**
 * get-feature-list(-for-branch). With `compact: true` the scenarios of feature nodes are
 * CompactScenarioDto: without `content` and `steps`, which repeat the feature's text (each a third
 * of the response on a large workspace); the client cuts them from the feature's `content`.
 */
export const FeatureListBody = ProjectBranchBody.extend({
  compact: z.boolean().optional(),
  /**
   * The commit of the list the caller holds (of the same form). When the branch is still at it, the
   * answer is FeatureListUnchangedResponse: the list's own fields without the tree, which the caller
   * keeps (a large workspace's tree is hundreds of KB).
   */
  knownCommit: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'knownCommit must be a commit id').optional(),
});

export const ParseError = z.object({ message: z.string(), line: z.number().nullable(), column: z.number().nullable() });
export type ParseError = z.infer<typeof ParseError>;

export const StepDto = z.object({ keyword: z.string(), text: z.string(), line: z.number() });
export const ScenarioDto = z.object({
  type: z.enum(['Scenario', 'Scenario Outline']),
  name: z.string(),
  /** The scenario's own lines (comments directly above, tags, title, steps, examples), as in the file. */
  content: z.string(),
  tags: z.array(z.string()),
  /** Line of the Scenario keyword. */
  line: z.number(),
  steps: z.array(StepDto),
  /** Rule the scenario sits in, if any. */
  rule: z.string().nullable(),
  /** First and last line (1-based) of `content` in the feature file. */
  startLine: z.number().optional(),
  endLine: z.number().optional(),
});
/**
 * A scenario in a compact feature list: `content` is the feature's lines `startLine`..`endLine`
 * (split after each '\n', joined, without the last line break), and the steps are in those lines.
 */
export const CompactScenarioDto = ScenarioDto.omit({ content: true, steps: true }).extend({ startLine: z.number(), endLine: z.number() });
export type CompactScenarioDto = z.infer<typeof CompactScenarioDto>;
export type ScenarioDto = z.infer<typeof ScenarioDto>;

export interface FeatureNodeDto {
  name: string;
  /** Path relative to features/: 'checkout/payment.feature' or 'checkout'. */
  path: string;
  parents: string[];
  isFolder: boolean;
  children?: FeatureNodeDto[];
  /** Features only. */
  featureName?: string;
  content?: string;
  tags?: string[];
  scenarios?: ScenarioDto[];
  parseError?: ParseError | null;
}
export const FeatureNode: z.ZodType<FeatureNodeDto> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    parents: z.array(z.string()),
    isFolder: z.boolean(),
    children: z.array(FeatureNode).optional(),
    featureName: z.string().optional(),
    content: z.string().optional(),
    tags: z.array(z.string()).optional(),
    scenarios: z.array(ScenarioDto).optional(),
    parseError: ParseError.nullable().optional(),
  }),
);

export const FeatureListResponse = z.object({
  status: z.literal('success'),
  foldersAndFeatures: z.array(FeatureNode),
  allTags: z.array(z.string()),
  lastActiveFolder: z.string().nullable(),
  lastActiveScenarioIndex: z.number().nullable(),
  lastActiveFeature: z.string().nullable(),
  branch: z.string(),
  commit: z.string(),
  error: z.null(),
});
export type FeatureListResponse = z.infer<typeof FeatureListResponse>;
/** get-feature-list when the caller's knownCommit is still the branch's commit: everything but the tree. */
export const FeatureListUnchangedResponse = FeatureListResponse.omit({ foldersAndFeatures: true, allTags: true }).extend({ unchanged: z.literal(true) });
export type FeatureListUnchangedResponse = z.infer<typeof FeatureListUnchangedResponse>;

export const FeaturesCountResponse = z.object({ status: z.literal('success'), featuresCount: z.number(), scenariosCount: z.number() });

export const CreateFolderBody = z.object({ projectId, branch, isPrivateRepo, parentPath: folderPath, name });
export const EditFolderBody = z.object({
  projectId, branch, isPrivateRepo,
  parentPath: folderPath,
  destinationPath: folderPath,
  oldName: name,
  newName: name.optional(),
  action: z.enum(['Renamed', 'Moved']),
});
/**
 * delete-folder: `deletePath` is the folder's own path relative to features/ ('checkout/old') and
 * `name` its last segment; a `deletePath` that does not end in `name` is read as the parent folder.
 */
export const DeleteFolderBody = z.object({ projectId, branch, isPrivateRepo, name, deletePath: folderPath });
export const RenameFeatureBody = z.object({ projectId, branch, isPrivateRepo, parentPath: folderPath, oldName: name, newName: name });
export const DeleteFeatureBody = z.object({ projectId, branch, isPrivateRepo, parentPath: folderPath, name });
/** create-feature (add-feature wizard): a new feature holding one empty Scenario Outline tagged @regression. */
export const CreateFeatureBody = z.object({ projectId, branch, isPrivateRepo, parentPath: folderPath, name });

/**
 * push-scenario: `name` is the feature file name; `data` the scenario text that replaces scenario
 * `scenarioIndex` (appended when the index is null, -1 or past the end; the feature is created when
 * missing). With `replaceFile: true`, `data` is the whole feature file (used to fix a file that does
 * not parse). `scenarioIndex: null` with `deleteScenario: true` is refused; deleting uses `deleteScenario`.
 */
export const PushScenarioBody = z.object({
  projectId, branch, isPrivateRepo,
  name,
  data: z.string().max(1_000_000),
  featureIndex: int4().nullable().optional(),
  scenarioIndex: int4().nullable().optional(),
  parentPath: folderPath,
  lastActiveFolder: z.string().max(1000).nullable().optional(),
  commitMsg: z.string().max(500).optional(),
  replaceFile: z.boolean().optional(),
  deleteScenario: z.boolean().optional(),
  /**
   * Commit the client's copy came from; a change to the same file since then gives 409
   * (StaleWriteResponse). Not checked when appending a scenario (index null or negative): that replaces nothing.
   */
  baseCommit: z.string().max(64).optional(),
});
export const PushResponse = z.object({
  status: z.literal('success'),
  error: z.null(),
  commit: z.string(),
  /** Path of the feature written, relative to features/ (absent after deleting it). */
  path: z.string().optional(),
  /** Index of the pushed scenario in the file after the write (null when deleted or unknown). */
  scenarioIndex: z.number().nullable().optional(),
  /** Name the scenario was saved under (new scenarios are made unique with a numeric suffix). */
  scenarioName: z.string().nullable().optional(),
  /** The saved file does not parse (it is kept as written). */
  parseError: ParseError.nullable().optional(),
});

/**
 * last-updated: `directory` is a workspace path ('features/checkout', 'steps'); one that does not start
 * with features/, steps/, environments/ or data/ is read under features/. Without `projectId` the
 * x-project-id header, then the user's last active project, is used.
 */
export const LastUpdatedBody = z.object({ projectId: projectId.optional(), directory: z.string().max(1000), file: z.string().max(300), branch, isPrivateRepo });
export const LastUpdatedResponse = z.object({
  status: z.literal('success'), date: z.string(), author: z.string(), email: z.string(), message: z.string(), commit: z.string(),
});
export const LastActiveSelectionBody = z.object({
  projectId, branch,
  featureIndex: int4().nullable().optional(),
  scenarioIndex: int4().nullable().optional(),
  lastActiveFolder: z.string().max(1000).nullable().optional(),
  lastActiveFeature: z.string().max(1000).nullable().optional(),
});

export const StepInfoDto = z.object({
  stepName: z.string(),
  keyword: z.string(),
  mjsFile: z.string().nullable(),
  mjsFileContent: z.string().nullable(),
  /** Blob id of the saved `mjsFile` (null: not saved yet, or the built-in library): upload-mjs's baseVersion. */
  mjsFileVersion: z.string().nullable().optional(),
  implemented: z.boolean(),
  implemented_at: z.string().nullable(),
  /** Where the definition comes from ('builtin': the built-in library, utils.mjs). */
  source: z.enum(STEP_LIST_SOURCES).nullable(),
  pattern: z.string().nullable(),
  line: z.number().nullable(),
  /** Two or more definitions match the step. */
  ambiguous: z.boolean().optional(),
  /** get-step-code-by-scenario: the content is the file with a generated stub, not yet saved. */
  isStub: z.boolean().optional(),
  /** get-step-code-by-scenario: the stub on its own (imports, timeout, definition). */
  stubCode: z.string().optional(),
  /** The step text(s) after Scenario Outline examples are substituted. */
  resolvedText: z.string().optional(),
});
export type StepInfoDto = z.infer<typeof StepInfoDto>;
export const StepCodeByScenarioBody = z.object({ projectId, branch, isPrivateRepo, featureName: z.string().max(1000), scenarioName: z.string().max(300) });

export const PushFileBody = z.object({
  projectId, branch, directory: z.string().max(1000), file: z.object({ name: z.string().max(300), content: z.string().max(2_000_000) }), baseVersion,
});
export const PushFileResponse = z.object({ status: z.literal('success'), error: z.null(), commit: z.string(), path: z.string(), version: z.string() });
export const FilesQuery = z.object({ projectId, branch, directory: z.string().max(1000) });
export const DeleteFileQuery = z.object({ projectId, branch, directory: z.string().max(1000), fileName: z.string().max(300) });
export const FileContentQuery = z.object({ projectId, branch, file_path: z.string().max(1000) });
export const FilesResponse = z.object({ status: z.literal('success'), files: z.array(z.object({ name: z.string(), size: z.number() })) });
export const FileContentResponse = z.object({ status: z.literal('success'), file_path: z.string(), content: z.string(), version: z.string() });
export const StableVersionsResponse = z.object({ status: z.literal('success'), versions: z.object({ cucumber_client: z.string() }) });
/** auth/create-workspace: creates the project's repository when it is missing (idempotent). */
export const CreateWorkspaceBody = z.object({ projectId });
export const UploadMjsBody = z.object({
  projectId, branch, isPrivateRepo,
  files: z.array(z.object({ name: z.string().max(300), content: z.string().max(2_000_000), baseVersion })).min(1).max(50),
  /** Save Anyway: commit code that does not parse. */
  force: z.boolean().optional(),
});

/** `version`: blob id of the environment's file, edit-env's baseVersion. */
export const EnvironmentDto = z.object({ name: z.string(), baseUrl: z.string(), file: z.string(), version: z.string() });
export const EnvListResponse = z.object({ status: z.literal('success'), allEnv: z.array(EnvironmentDto), lastActiveEnv: z.string().nullable() });
export const PushEnvBody = z.object({ projectId, branch, isPrivateRepo, name, data: z.object({ name: z.string().optional(), baseUrl: z.string().max(2048) }) });
export const EditEnvBody = z.object({
  projectId, branch, isPrivateRepo, name, newName: name.optional(), newData: z.object({ name: z.string().optional(), baseUrl: z.string().max(2048) }), baseVersion,
});
export const DeleteEnvBody = z.object({ projectId, branch, isPrivateRepo, name });

export const TestDataRow = z.object({
  key: z.string().max(200),
  value: z.string().max(10_000),
  DataType: z.enum(TEST_DATA_TYPES),
  environment: z.string().max(100),
});
export type TestDataRow = z.infer<typeof TestDataRow>;
export const TestDataQuery = z.object({ projectId, branch, isPrivateRepo: z.enum(['true', 'false']).optional() });
/** `version`: blob id of data/test-data.json (null while there is none), changeTestData's baseVersion. */
export const TestDataResponse = z.object({
  status: z.literal('success'), testData: z.array(TestDataRow.extend({ error: z.string().optional() })), version: z.string().nullable(),
});
export const ChangeTestDataBody = z.object({ projectId, branch, isPrivateRepo, testData: z.array(TestDataRow).max(5000), baseVersion });

export const BranchesResponse = z.object({ status: z.literal('success'), branches: z.array(z.string()) });
export const CreateBranchBody = z.object({ projectId, isPrivateRepo, sourceBranch: z.string().trim().max(200), newBranch: z.string().trim().max(200) });
export const DeleteBranchBody = z.object({ projectId, isPrivateRepo, branch: z.string().trim().min(1).max(200) });

export const UnusedStepRef = z.object({ uri: z.string(), keyword: z.string(), pattern: z.string(), line: z.number() });
export const RemoveUnusedStepsBody = z.object({
  projectId, isPrivateRepo,
  input: z.array(z.object({ filePath: z.string().max(1000), stepDefinitions: z.array(z.object({ keyword: z.string(), pattern: z.string() })) })).max(1000),
  /** The branch may also come in the query string (`?branch=`). */
  branch: z.string().trim().min(1).max(200).optional(),
});

export const StoredUserBody = z.object({
  project_id: projectId,
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().trim().min(1, 'Password is required').max(1000),
  secretKey: z.string().max(200).optional().transform((v) => (v ?? '').replace(/\s+/g, '')),
});
/** update-user: an empty secretKey keeps the configured one unless `clearSecretKey` is true. */
export const UpdateStoredUserBody = StoredUserBody.extend({ prev_username: z.string().trim().min(1).max(200), clearSecretKey: z.boolean().optional() });
export const StoredUserRefBody = z.object({ project_id: projectId, username: z.string().trim().min(1).max(200) });
export const StoredUserDto = z.object({ username: z.string(), password: z.string(), secretKeyConfigured: z.boolean() });

export const AddPrivateRepoBody = z.object({
  project_id: projectId,
  username: z.string().trim().min(1, 'Username is required').max(200),
  token: z.string().trim().min(1, 'Token is required').max(1000),
  url: z.string().trim().max(2048).optional(),
});

/** store-and-get-steps takes projectId in the query string (or the body). */
export const ProjectIdOptionalQuery = z.object({ projectId: projectId.optional() });
export const StoreAndGetStepsBody = z.object({ projectId: projectId.optional(), branch, isPrivateRepo });
export const BranchOptionalQuery = z.object({ branch: z.string().trim().min(1).max(200).optional() });
export const UnusedStepsBody = z.object({ projectId, isPrivateRepo, branch: z.string().trim().min(1).max(200).optional() });
export const ValidateStepCodeBody = z.object({ code: z.string().max(2_000_000) });
export const CodeValidationDto = z.object({ valid: z.boolean(), line: z.number().nullable(), column: z.number().nullable(), message: z.string().nullable() });
export const SetActiveEnvBody = z.object({ projectId, branch, name: z.string().max(300).nullable() });

export const StoredUsersQuery = z.object({
  project_id: projectId,
  page: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  limit: z.coerce
    .number()
    .refine((v) => (STORED_USER_PAGE_SIZES as readonly number[]).includes(v), `limit must be one of ${STORED_USER_PAGE_SIZES.join(', ')}`)
    .default(STORED_USER_DEFAULT_PAGE_SIZE),
});
export const PrivateRepoUrlBody = z.object({ project_id: projectId });

/**
 * 409 of a write whose base (baseVersion, baseCommit) is stale: what is there now. `commit` is the
 * branch head it was read at, `version` the file's blob id (null: gone); send `version` (push-scenario:
 * `commit`) as the new base to overwrite. Beside them, the current value where cheap: `content` (files,
 * step files, features), `testData` (opened rows) or `environment` (null when gone).
 */
export const StaleWriteResponse = z.object({
  status: z.literal('error'),
  error: z.string(),
  commit: z.string(),
  version: z.string().nullable(),
  content: z.string().nullable().optional(),
  testData: TestDataResponse.shape.testData.optional(),
  environment: EnvironmentDto.nullable().optional(),
});
export type StaleWriteResponse = z.infer<typeof StaleWriteResponse>;
