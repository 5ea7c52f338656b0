import type * as messages from '@cucumber/messages';
import type { ReportStep, TestCaseResult } from '@stepwise/shared';
import { ATTACHMENT_TYPES } from '@stepwise/shared/report-constants';

/** Steps and test cases of the report: the state kept while messages come in, new steps, step definition references, JSON attachments, hook attachments. */

export interface StepNode {
  keyword: string;
  keywordType: string | undefined;
  line: number | undefined;
}
export interface RowNode {
  line: number | undefined;
  parameters: Record<string, string>;
}

/** What the Gherkin documents of a report tell its steps and test cases, by AST node id. */
export interface DocumentIndex {
  stepNodes: Map<string, StepNode>;
  scenarioLines: Map<string, number>;
  rowNodes: Map<string, RowNode>;
}

/**
 * Adds a Gherkin document's steps (keyword, type, line), scenarios (line) and example rows (line and
 * values by column) to `index`; answers the feature's name, or null for a document without a feature.
 */
export function indexGherkinDocument(doc: messages.GherkinDocument, index: DocumentIndex): string | null {
  const feature = doc.feature;
  if (!feature || !doc.uri) return null;
  const addSteps = (steps: readonly messages.Step[]) => {
    for (const s of steps ?? []) index.stepNodes.set(s.id, { keyword: (s.keyword ?? '').trim(), keywordType: s.keywordType, line: s.location?.line });
  };
  const addScenario = (sc: messages.Scenario) => {
    if (sc.location) index.scenarioLines.set(sc.id, sc.location.line);
    addSteps(sc.steps);
    for (const ex of sc.examples ?? []) {
      const header = ex.tableHeader?.cells?.map((c) => c.value) ?? [];
      for (const row of ex.tableBody ?? []) {
        const parameters: Record<string, string> = {};
        for (let i = 0; i < header.length; i++) parameters[header[i]] = row.cells?.[i]?.value ?? '';
        index.rowNodes.set(row.id, { line: row.location?.line, parameters });
      }
    }
  };
  for (const child of feature.children ?? []) {
    if (child.background) addSteps(child.background.steps);
    if (child.scenario) addScenario(child.scenario);
    if (child.rule) {
      for (const rc of child.rule.children ?? []) {
        if (rc.background) addSteps(rc.background.steps);
        if (rc.scenario) addScenario(rc.scenario);
      }
    }
  }
  return feature.name;
}

/** What a test case needs of its pickle (the envelope itself is not kept: its step arguments and tables are large). */
export interface PickleInfo {
  uri: string;
  name: string;
  line: number | null;
  tags: string[];
  astNodeIds: readonly string[];
  steps: Map<string, { text: string; type: string | undefined; astNodeId: string | undefined }>;
}

/** A test case's steps, without their step match arguments. */
export interface TestCaseInfo {
  pickleId: string;
  testSteps: Array<{ id: string; pickleStepId?: string; hookId?: string; stepDefinitionIds?: readonly string[] }>;
}

export interface Entry {
  step: ReportStep;
  hook: boolean;
  /** The test step has a testStepFinished. */
  finished: boolean;
  started: boolean;
}

export interface CaseState {
  result: TestCaseResult;
  entries: Entry[];
  byStepId: Map<string, Entry>;
  testCaseId: string;
  finished: boolean;
  willBeRetried: boolean;
  /** The test case's last screenshot: an identical next one (an unchanged page) gets the same id. */
  lastShot: { body: string; id: string } | null;
}

export const JSON_TYPES = new Set<string>([ATTACHMENT_TYPES.console, ATTACHMENT_TYPES.network, ATTACHMENT_TYPES.command, ATTACHMENT_TYPES.page]);

export function firstLine(text: string): string {
  const i = text.indexOf('\n');
  return i === -1 ? text : text.slice(0, i);
}

export function sourceRef(ref: messages.SourceReference | undefined): string | null {
  // cucumber-jvm names the method: com.example.CartSteps.add(java.lang.String)
  const jm = ref?.javaMethod;
  if (!ref?.uri && jm?.className) return `${jm.className}.${jm.methodName}(${(jm.methodParameterTypes ?? []).join(',')})`;
  if (!ref?.uri) return null;
  return ref.location?.line ? `${ref.uri}:${ref.location.line}` : ref.uri;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The step with a hook's screenshot and attachments added (a copy: build() may run again). */
export function withAttachmentsOf(step: ReportStep, hook: ReportStep): ReportStep {
  const attachments = [...(step.attachments ?? [])];
  let screenshotId = step.screenshotId ?? null;
  const known = new Set([screenshotId, ...attachments.map((a) => a.id)]);
  // The same screenshot twice (an unchanged page) is one blob, referred to once.
  if (hook.screenshotId && !known.has(hook.screenshotId)) {
    if (!screenshotId) screenshotId = hook.screenshotId;
    else attachments.push({ id: hook.screenshotId, mediaType: ATTACHMENT_TYPES.screenshot, fileName: null });
  }
  for (const a of hook.attachments ?? []) if (!known.has(a.id)) attachments.push(a);
  return { ...step, screenshotId, ...(attachments.length ? { attachments } : {}) };
}

export function newStep(keyword: string, type: string, text: string, line: number | null, match: string | null): ReportStep {
  return {
    keyword,
    type,
    text,
    line,
    result: { status: 'UNKNOWN', startTime: null, endTime: null, message: null, duration: 0, errorStack: null },
    commands: [],
    networkData: [],
    webLog: [],
    screenshotId: null,
    page: null,
    match,
  };
}
