import type { LocatorReplacement } from '@stepwise/runner';

/**
 * The AI area's contract: what a provider is asked and what it answers. Two providers implement it:
 * the offline one (default; deterministic, no network: sentence parsing and the pages the product has
 * seen) and an OpenAI-compatible one (AI_BASE_URL). Everything a provider answers is validated before
 * it is used, and step code is tried in the run sandbox before it is offered.
 */

/** A page as a browser saw it: Playwright's aria snapshot of its body (YAML text, `page.locator('body').ariaSnapshot()`). */
export interface PageSnapshot {
  url: string;
  title: string;
  aria: string;
}

export type StepKeyword = 'Given' | 'When' | 'Then';

/** Turn one English step into step code. */
export interface StepCodeRequest {
  /** The step's text without its keyword, as written: `I add "Trail Backpack" to the cart`. */
  text: string;
  keyword: StepKeyword;
  /** The page the step starts on (live, from a trial in the sandbox), when there is one. */
  page: PageSnapshot | null;
  /** Other pages of the application the product knows (its memory), for steps that go somewhere. */
  knownPages: PageSnapshot[];
  /** The environment's base URL (relative paths are resolved against it). */
  baseUrl: string;
}

/** A step definition: registered with `expression`, its function takes `params` in order. */
export interface GeneratedStep {
  /** Cucumber expression, e.g. `I add {string} to the cart` (quoted values and numbers become parameters). */
  expression: string;
  /** Parameter names of the step function, one per parameter of the expression, valid JS identifiers. */
  params: string[];
  /**
   * Body of the async step function. `this.page` is the Playwright Page, `this.testData` the run's
   * test data; `expect` from playwright is NOT available: assertions throw an Error themselves.
   */
  body: string;
  /** What was understood and which element was chosen: shown as the step's AI reasoning. */
  reasoning: string;
}

export type StepCodeResult =
  | { ok: true; step: GeneratedStep }
  /** No code that could work: why, and the elements considered (`button "Add to cart"`), best first. */
  | { ok: false; reason: string; candidates: string[] };

/** Repair a locator that failed during a run (AI recovery). */
export interface LocatorRepairRequest {
  /** The failing step's text and its code. */
  stepText: string;
  code: string;
  /** The error Playwright gave (element not found, not visible, strict-mode violation). */
  error: string;
  /** The live page when it failed. */
  page: PageSnapshot;
}

/** The failing locator replaced (the runner applies it on a retry): one contract for both sides. */
export type { LocatorReplacement };

export type LocatorRepairResult =
  /** `code`: the step function's source with the locator replaced (what Code Review commits). */
  | { ok: true; code: string; reasoning: string; replacement: LocatorReplacement }
  | { ok: false; reason: string };

/** Scenario ideas from a description and what the product knows of the application. */
export interface IdeasRequest {
  description: string;
  knownPages: PageSnapshot[];
  /** Step texts of the step library and the workspace, to phrase steps that already have code. */
  knownSteps: string[];
  max: number;
  /** Steps the runs saw lead from one page to another (application memory routes); none when the memory has none. */
  transitions?: IdeaTransition[];
}

/** A step of a run that left the page at route `from` and arrived at `to` ("When I click the "Cart" link"). */
export interface IdeaTransition {
  from: string;
  to: string;
  step: string;
}

/** The spec's generated scenario idea: parameters is a JSON string of key/value pairs. */
export interface ScenarioIdea {
  name: string;
  flow: string;
  parameters: string;
}

/** The step-code update of the step-code modal (`runs/process-user-request/generate`). */
export interface StepUpdateRequest {
  userRequest: string;
  functionName: string;
  fileContent: string;
}

export type StepUpdateResult = { ok: true; fileContent: string; summary: string } | { ok: false; reason: string };

export const FAILURE_CATEGORIES = [
  'locator_changed',
  'assertion_mismatch',
  'timeout',
  'navigation_error',
  'application_error',
  'environment_unreachable',
  'test_data_missing',
  'step_code_error',
] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

/** What a failed test case left: the failed step, its error, what the page did, the last passing run's page. */
export interface FailureEvidence {
  stepText: string;
  error: string;
  /** `type`: Playwright's resource type (document, xhr, fetch, ...), when the report has it. */
  network: Array<{ requestUrl: string; method: string; status: number | string; type?: string }>;
  console: Array<{ type: string; text: string }>;
  page: PageSnapshot | null;
  /** The same step's page in the last passing run of the same scenario, when there is one. */
  lastPassingPage: PageSnapshot | null;
  /** Test data keys the scenario uses and the run lacked. */
  missingData: string[];
}

/** A root-cause analysis, stored as the test case's `analysis`. */
export interface FailureAnalysis {
  category: FailureCategory;
  /** One sentence a tester reads first. */
  summary: string;
  /** The facts it rests on, each one line. */
  evidence: string[];
  suggestedAction: string;
  /** Same cause, same signature: groups failures across runs. */
  signature: string;
}

export interface AiProvider {
  readonly name: 'offline' | 'openai';
  generateStep(req: StepCodeRequest): Promise<StepCodeResult>;
  repairLocator(req: LocatorRepairRequest): Promise<LocatorRepairResult>;
  ideas(req: IdeasRequest): Promise<ScenarioIdea[]>;
  updateStepCode(req: StepUpdateRequest): Promise<StepUpdateResult>;
  analyseFailure(req: FailureEvidence): Promise<FailureAnalysis>;
}
