/** Constants of the web app that the shared contract does not define. */
export const PRODUCT_NAME = 'Stepwise';
export const DEEP_LINK_SCHEME = 'stepwise';
export const INVITATION_LINK_KEY = 'stepwise.invitationLink';
export const QUERY_CACHE_KEY = 'stepwise.queryCache';
export const GET_STARTED_VIDEO_LENGTH = '2:27';
/** Minimal wait shown after the server created a project (it creates it synchronously). */
export const PROJECT_SETUP_MIN_WAIT_MS = 1500;
export const RECORDER_MODES = ['recorder', 'execute', 'ai_learn', 'open_vscode', 'apitest'] as const;
export type RecorderMode = (typeof RECORDER_MODES)[number];
