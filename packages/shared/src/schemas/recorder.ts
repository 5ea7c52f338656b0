import { z } from 'zod';

/**
 * The recorder: a browser session whose user actions become Gherkin steps. The recording engine
 * (packages/recorder) turns Playwright's recorded actions into `RecordedStep`s; the cloud recorder
 * (server sessions streamed to the web app) and the local one (`stepwise record`) publish them with
 * `RecorderSaveBody`, and the server writes the step code from each step's structured action (never
 * from code text sent by a client).
 */

export const RECORDER_MESSAGES = {
  sessionLimitUser: 'You already have the maximum number of recorder sessions open: close one first',
  sessionLimitServer: 'All recorder sessions of this server are in use: try again in a few minutes',
  sessionNotFound: 'This recorder session has ended',
  sessionIdle: 'The recorder session ended after a period without activity',
  sessionExpired: 'The recorder session reached its maximum duration',
  environmentUnreachable: 'The environment cannot be reached from the recorder',
  noEnvironment: 'Choose an environment to record on',
  nothingRecorded: 'Nothing was recorded yet: use the page, then save',
  invalidLocator: 'A recorded step has a locator that is not a Playwright locator',
  saved: 'Scenario recorded and saved',
  saveFailed: 'The recorded scenario could not be saved',
} as const;

/** A Playwright locator as code, relative to the page: `getByRole('button', { name: 'Add to cart' })`. */
export const LocatorText = z.string().min(1).max(2000);

export const RecordedActionSchema = z.discriminatedUnion('name', [
  /** Opens a page: an absolute URL, or a path under the environment's base URL. */
  z.object({ name: z.literal('navigate'), url: z.string().min(1).max(4000) }),
  z.object({
    name: z.literal('click'),
    locator: LocatorText,
    button: z.enum(['left', 'middle', 'right']).optional(),
    clickCount: z.number().int().min(1).max(3).optional(),
    modifiers: z.array(z.enum(['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'])).max(4).optional(),
  }),
  /** `value` is the text typed, or `{{key}}` (a test-data reference) when the field was a password field. */
  z.object({ name: z.literal('fill'), locator: LocatorText, value: z.string().max(10_000) }),
  z.object({ name: z.literal('select'), locator: LocatorText, options: z.array(z.string().max(1000)).max(100) }),
  z.object({ name: z.literal('check'), locator: LocatorText }),
  z.object({ name: z.literal('uncheck'), locator: LocatorText }),
  z.object({ name: z.literal('press'), locator: LocatorText.optional(), key: z.string().min(1).max(100) }),
  /** File names chosen in a file input; the run reads them from the workspace's `files/` folder. */
  z.object({ name: z.literal('upload'), locator: LocatorText, files: z.array(z.string().min(1).max(255)).max(20) }),
  z.object({ name: z.literal('assertText'), text: z.string().min(1).max(2000) }),
  z.object({ name: z.literal('assertVisible'), locator: LocatorText }),
  z.object({ name: z.literal('assertUrl'), url: z.string().min(1).max(4000) }),
  /** A field's value, and a checkbox's state (from the assertion tools of the recorder's in-page toolbar). */
  z.object({ name: z.literal('assertValue'), locator: LocatorText, value: z.string().max(10_000) }),
  z.object({ name: z.literal('assertChecked'), locator: LocatorText, checked: z.boolean() }),
]);
export type RecordedAction = z.infer<typeof RecordedActionSchema>;
export type RecordedActionName = RecordedAction['name'];

export const RecordedStepSchema = z.object({
  id: z.string().min(1).max(64),
  keyword: z.enum(['Given', 'When', 'Then']),
  /** The step's text (editable); when no existing step definition matches it, the action's code becomes its definition. */
  text: z.string().trim().min(1).max(1000),
  action: RecordedActionSchema,
});
export type RecordedStep = z.infer<typeof RecordedStepSchema>;

/** A value typed into a password field, stored as secret test data of the environment under `key`. */
export const RecordedSecretSchema = z.object({ key: z.string().min(1).max(200), value: z.string().max(10_000) });
export type RecordedSecret = z.infer<typeof RecordedSecretSchema>;

export const RecorderSaveBody = z.object({
  project_id: z.string().min(1).max(64),
  branch: z.string().min(1).max(200).default('main'),
  isPrivateRepo: z.boolean().optional(),
  /** The environment's name: recorded secrets are stored as its test data. */
  env_name: z.string().min(1).max(200),
  scenario_name: z.string().trim().min(1).max(300),
  feature_name: z.string().trim().min(1).max(300),
  /** Folder of the feature under features/ ('' for the top). */
  parent_path: z.string().max(1000).default(''),
  steps: z.array(RecordedStepSchema).min(1).max(500),
  /** The local recorder sends the secrets it recorded; a cloud session's are kept on the server. */
  secrets: z.array(RecordedSecretSchema).max(50).optional(),
  /** The cloud session the steps come from (its secrets are used, and it is closed). */
  session_id: z.string().max(64).optional(),
});
export type RecorderSaveBodyInput = z.input<typeof RecorderSaveBody>;

export interface RecorderSaveResponse {
  status: 'success';
  message: string;
  path: string;
  scenarioIndex: number | null;
  scenarioName: string | null;
  commit: string;
}

/** Viewports a cloud recorder session can take. */
export const RECORDER_VIEWPORTS = [
  { label: 'Desktop', width: 1280, height: 800 },
  { label: 'Laptop', width: 1024, height: 768 },
  { label: 'Tablet', width: 768, height: 1024 },
  { label: 'Mobile', width: 390, height: 844 },
] as const;

/** Input forwarded from the web app's canvas to the session's browser (coordinates in page CSS pixels). */
export const RecorderInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mouse'),
    action: z.enum(['move', 'down', 'up']),
    x: z.number().min(0).max(10_000),
    y: z.number().min(0).max(10_000),
    button: z.enum(['left', 'middle', 'right']).default('left'),
    clickCount: z.number().int().min(1).max(3).default(1),
  }),
  z.object({ type: z.literal('wheel'), x: z.number().min(0).max(10_000), y: z.number().min(0).max(10_000), deltaX: z.number().min(-10_000).max(10_000), deltaY: z.number().min(-10_000).max(10_000) }),
  z.object({ type: z.literal('key'), action: z.enum(['down', 'up']), key: z.string().min(1).max(40) }),
  /** Text typed as a whole (composition, paste). */
  z.object({ type: z.literal('text'), text: z.string().min(1).max(10_000) }),
]);
export type RecorderInput = z.infer<typeof RecorderInputSchema>;

/** Commands of a cloud session besides input. */
export const RecorderCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('navigate'), url: z.string().min(1).max(4000) }),
  z.object({ type: z.literal('back') }),
  z.object({ type: z.literal('reload') }),
  z.object({ type: z.literal('viewport'), width: z.number().int().min(320).max(1920), height: z.number().int().min(320).max(1400) }),
  /** Assertions the user adds: the element at a point, a text on the page, the current URL. */
  z.object({ type: z.literal('assertVisible'), x: z.number().min(0).max(10_000), y: z.number().min(0).max(10_000) }),
  z.object({ type: z.literal('assertText'), text: z.string().trim().min(1).max(2000) }),
  z.object({ type: z.literal('assertUrl') }),
]);
export type RecorderCommand = z.infer<typeof RecorderCommandSchema>;

/** A screencast frame: JPEG bytes of the page at `width` x `height` CSS pixels (binary over IPC and the socket). */
export interface RecorderFrame {
  data: Uint8Array | ArrayBuffer;
  width: number;
  height: number;
  /** Monotonic number of the frame in its session. */
  seq: number;
}

/** The state of a session as the web app shows it. */
export interface RecorderState {
  url: string;
  title: string;
  steps: RecordedStep[];
  viewport: { width: number; height: number };
}
