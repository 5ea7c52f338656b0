/** Texts of the features area (spec 001), shared by the server and the web app. */
export const WS_MSG = {
  envUrlEmpty: 'URL cannot be empty',
  envUrlHostEmpty: 'Invalid URL: Hostname cannot be empty',
  envUrlPortEmpty: 'Port cannot be empty',
  envUrlPortNaN: 'Port number must be a number',
  envUrlPortRange: 'Port number cannot be greater than 65535',
  envUrlOnePort: 'Invalid URL: only one port is allowed',
  envUrlHostChars: 'Invalid URL: Hostname can only contain letters, digits and hyphens',
  envUrlScheme: 'URL must begin with http:// or https://',
  envNameEmpty: 'Empty Name',
  envNameTooLong: 'Name cannot be more than 32 characters',
  envNameChars: 'Name cannot contain / . * : ? " < > | \\',
  envNameDuplicate: 'Environment cannot have the same case-insensitive name.',
  envNoChanges: 'No changes detected',
  envRenameWarning: 'Renaming this environment makes its test data inaccessible.',
  featureNameEmpty: 'Feature name cannot be empty.',
  featureNameTooLong: 'Feature name cannot be more than 80 characters.',
  featureNameChars: 'Following characters are not allowed:',
  featureExists: 'A feature with this name already exists.',
  featureRenameSame: 'New name cannot be same as the old name.',
  featureRenameExists: 'Another feature exists with the given name.',
  folderNameChars: 'Only A-Z, a-z, 0-9, _, -, (), spaces are allowed',
  folderNameEmpty: 'Folder name cannot be empty',
  folderExists: 'A folder with this name already exists.',
  folderTooDeep: 'Folders can be nested at most 4 levels deep.',
  folderNotFound: 'Folder not found',
  featureNotFound: 'Feature not found',
  scenarioNotFound: 'Scenario not found',
  fileNotFound: 'File not found',
  workspaceMissing: 'Workspace not found',
  workspaceUnavailable: 'The workspace server cannot be reached. Please try again in a moment.',
  moveSameDestination: 'Destination must be different from the current folder',
  moveIntoItself: 'A folder cannot be moved into itself',
  featureUnparsable: 'This feature has a syntax error: fix it in the editor and save the whole file',
  staleEdit: 'This feature was changed by someone else since you opened it. Reload it and apply your change again.',
  writeConflict: 'The branch changed while saving. Please try again.',
  staleFile: 'This file was changed by someone else since you opened it.',
  staleTestData: 'The test data was changed by someone else since you opened it.',
  staleEnv: 'This environment was changed by someone else since you opened it.',
  symlinkRefused: 'Symbolic links are not allowed',
  branchDeleteForbidden: 'Only admins and the creator of a branch can delete it',
  scenarioStartsWithSpace: 'String cannot start with a space.',
  scenarioNameChars: 'Only letters, digits, spaces, _, -, ( and ) are allowed',
  scenarioRenameSame: 'New name cannot be same as the old name.',
  scenarioRenameExists: 'Another scenario exists with the given name.',
  scenarioNameTooLong: 'Scenario name cannot exceed 80 characters.',
  fillAllFields: 'Please fill in all fields.',
  scenarioIdeaExists: 'Scenario name already exists.',
  selectAtLeastOne: 'Please select at least one scenario.',
  tagChars: 'Use A-Z, a-z, 0-9, -, _ only',
  testDataReserved: 'This key is reserved',
  testDataDuplicate: 'This key was added previously',
  codeValidationError: 'There is a code validation error',
  upgradeRequired: 'Upgrade Required',
  invalidPath: 'Invalid path',
  branchExists: 'A branch with this name already exists.',
  branchMainDelete: "The main branch can't be deleted",
  branchNameInvalid: 'Invalid branch name',
  branchNotFound: 'Branch not found',
  envNotFound: 'Environment not found',
  testDataUnknownEnv: 'Environment must be * (all environments) or an existing environment',
  testDataDecryptError: 'Could not decrypt!',
  utilsNotEditable: 'The utils file cannot be edited',
  stepFileName: 'Step files must end in .mjs',
  storedUserGetError: 'Error getting user information, please try again later',
  storedUserTotpError: 'Error adding authenticator, please try again later',
  storedUserDeleteError: 'An error occurred while deleting the user. Please try again later.',
  storedUserExists: 'A user with this username already exists',
  storedUserNotFound: 'User not found',
  gitIntegrationDisabled: 'Git integration is not enabled for this project. Please contact support.',
  gitUrlRequired: 'Repository URL is required',
  gitUrlInvalid: 'Repository URL must be an http:// or https:// address without credentials',
  privateRepoNotConfigured: 'The private repository is not configured',
} as const;

export const NAME_MAX = 80;
export const ENV_NAME_MAX = 32;
export const MAX_FOLDER_DEPTH = 4;
export const DEFAULT_TAG = 'regression';
export const TEST_DATA_TYPES = ['string', 'secret', 'totp'] as const;
export const ALL_ENVIRONMENTS = '*';
export const STEP_TIMEOUTS = { defaultMs: 60000, stepMs: 120000 } as const;
/** Sources a step file may declare for a definition (`source: 'api'`); 'user' when it declares none. */
export const STEP_SOURCES = ['recorder', 'api', 'ai', 'user'] as const;
/** Sources of the step lists: the declarable ones, and 'builtin' for the built-in library (never declarable). */
export const STEP_LIST_SOURCES = [...STEP_SOURCES, 'builtin'] as const;
export const STEP_SOURCE_LABELS = { recorder: 'REC', api: 'API', ai: 'AI', user: 'USER', builtin: 'BUILT-IN' } as const;
/** The built-in step library, shown as the (read-only) utils file. */
export const BUILTIN_STEPS_FILE = 'utils.mjs';
/** Where stubs of unimplemented steps go, relative to steps/. */
export const USER_STEPS_FILE = 'user_defined_functions.mjs';
export const STORED_USER_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const STORED_USER_DEFAULT_PAGE_SIZE = 10;
