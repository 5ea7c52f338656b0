import type { ReportStep, TestCaseResult } from '@stepwise/shared';
import type { ReportMeta } from '../report-builder.ts';
import {
  AttachmentSink,
  assembleReport,
  clampDurationMs,
  cleanUri,
  emptyCase,
  finishCase,
  finishStep,
  isoOrNull,
  lineNumber,
  newStep,
  ReportImportError,
  stepStatus,
  textChunks,
  type CaseStep,
  type ImportedReport,
  type ReportSource,
} from './common.ts';
import { JsonArrayReader } from './json-array.ts';
import { shapeProblem, type Shape } from './json-shape.ts';

/**
 * The classic Cucumber JSON report (`--format json` of cucumber-jvm, cucumber-js, cucumber-ruby;
 * behave's `-f json` too) -> the report model. The file is an array of features with their elements
 * (scenarios, and in cucumber-jvm's and cucumber-ruby's output a background element before each
 * scenario), steps with results and embeddings; hooks are the elements' before/after lists
 * (cucumber-jvm, cucumber-ruby; before/after of a step for BeforeStep/AfterStep) or hidden steps
 * (cucumber-js). Features are read and converted one at a time as the text streams in.
 *
 * Durations are nanoseconds (seconds in behave's). Times are known when the scenario carries a
 * `start_timestamp` (cucumber-jvm): its steps are laid end to end from there; otherwise only durations.
 * Outline rows are scenarios of their own (their example values are not in the format).
 */

interface JsonTag {
  name?: string;
}
interface JsonResult {
  status?: string;
  duration?: number;
  error_message?: string | string[];
}
interface JsonEmbedding {
  data?: string;
  mime_type?: string;
  media?: { type?: string };
  name?: string;
}
interface JsonStep {
  keyword?: string;
  name?: string;
  line?: number;
  location?: string;
  hidden?: boolean;
  step_type?: string;
  result?: JsonResult;
  match?: { location?: string };
  embeddings?: JsonEmbedding[];
  output?: string[];
  before?: JsonStep[];
  after?: JsonStep[];
}
interface JsonElement {
  id?: string;
  keyword?: string;
  type?: string;
  name?: string;
  line?: number;
  location?: string;
  tags?: Array<JsonTag | string>;
  steps?: JsonStep[];
  before?: JsonStep[];
  after?: JsonStep[];
  start_timestamp?: string;
}
interface JsonFeature {
  uri?: string;
  name?: string;
  keyword?: string;
  location?: string;
  tags?: Array<JsonTag | string>;
  elements?: JsonElement[];
}

/** The JSON types of the fields read (what the interfaces above say), checked before a feature is converted. */
const TAGS: Shape = { items: { anyOf: ['string', { fields: { name: 'string' } }] } };
const HOOK_FIELDS: Record<string, Shape> = {
  keyword: 'string',
  name: 'string',
  line: 'number',
  location: 'string',
  hidden: 'boolean',
  result: { fields: { status: 'string', duration: 'number', error_message: { anyOf: ['string', { items: 'any' }] } } },
  match: { fields: { location: 'string' } },
  embeddings: { items: { fields: { data: 'string', mime_type: 'string', media: { fields: { type: 'string' } }, name: 'string' } } },
  output: { items: 'any' },
};
const HOOKS: Shape = { items: { fields: HOOK_FIELDS } };
const STEPS: Shape = { items: { fields: { ...HOOK_FIELDS, step_type: 'string', before: HOOKS, after: HOOKS } } };
const ELEMENT: Shape = {
  fields: { id: 'string', keyword: 'string', type: 'string', name: 'string', line: 'number', location: 'string', tags: TAGS, steps: STEPS, before: HOOKS, after: HOOKS, start_timestamp: 'string' },
};
const FEATURE: Shape = { fields: { uri: 'string', name: 'string', keyword: 'string', location: 'string', tags: TAGS, elements: { items: ELEMENT } } };

/** Media type of the text a step logged (`output`): the one Cucumber messages give `log` attachments. */
export const LOG_MEDIA_TYPE = 'text/x.cucumber.log+plain';

const KEYWORD_TYPES: Record<string, string> = { given: 'Context', when: 'Action', then: 'Outcome', and: 'Conjunction', but: 'Conjunction', '*': 'Conjunction' };

export async function cucumberJsonToReport(source: ReportSource, meta: ReportMeta): Promise<ImportedReport> {
  const reader = new JsonArrayReader();
  const sink = new AttachmentSink();
  const testCases: TestCaseResult[] = [];
  let behave = false;
  let index = 0;
  for await (const text of textChunks(source, () => 'The file')) {
    for (const feature of reader.push(text)) {
      index++;
      if (!feature || typeof feature !== 'object' || Array.isArray(feature)) throw new ReportImportError(`Feature ${index} is not a JSON object`);
      const f = feature as JsonFeature;
      if (f.elements !== undefined && !Array.isArray(f.elements)) throw new ReportImportError(`Feature ${index} (${f.name ?? f.uri ?? 'no name'}): "elements" is not an array`);
      const problem = shapeProblem(f, FEATURE);
      if (problem) throw new ReportImportError(`Feature ${index}${typeof f.name === 'string' ? ` (${f.name})` : ''}: ${problem}`);
      if (f.elements === undefined && f.uri === undefined && f.keyword === undefined && f.location === undefined) {
        throw new ReportImportError(`Feature ${index} is not a Cucumber JSON feature (no uri, keyword or elements)`);
      }
      if (typeof f.location === 'string' && f.uri === undefined) behave = true;
      convertFeature(f, meta, sink, testCases, behave);
    }
  }
  reader.end();
  const report = assembleReport(meta, testCases, behave ? { implementation: 'behave', version: null } : null);
  return { report, attachments: sink.blobs };
}

function convertFeature(f: JsonFeature, meta: ReportMeta, sink: AttachmentSink, out: TestCaseResult[], behave: boolean): void {
  const uri = cleanUri(f.uri ?? stripLine(f.location) ?? '');
  const featureTags = tagNames(f.tags);
  // Seconds in behave's output, nanoseconds in everyone else's.
  const toMs = (d: number | undefined) => (typeof d === 'number' ? clampDurationMs(behave ? d * 1000 : d / 1e6) : 0);
  let background: JsonElement | null = null;
  for (const el of f.elements ?? []) {
    if (!el || typeof el !== 'object') continue;
    if (el.type === 'background' || (el.keyword ?? '').trim().toLowerCase() === 'background') {
      background = el;
      continue;
    }
    const tc = emptyCase(`tc-${out.length + 1}`, meta);
    tc.scenarioName = el.name ?? '';
    tc.featureName = f.name ?? '';
    tc.featurePath = uri;
    tc.line = lineNumber(el.line) ?? lineOf(el.location);
    tc.tags = [...new Set([...featureTags, ...tagNames(el.tags)])];

    const started = el.start_timestamp ? Date.parse(el.start_timestamp) : NaN;
    let clock: number | null = Number.isFinite(started) ? started : null;
    const steps: CaseStep[] = [];
    const add = (s: JsonStep, hookType: 'Before' | 'After' | null) => {
      const hook = hookType !== null || isHiddenHook(s);
      const type = hookType ?? (hook ? ((s.keyword ?? '').trim() === 'After' ? 'After' : 'Before') : null);
      const step = hook
        ? newStep(type!, type!, `${type} hook`, null, s.match?.location ?? null)
        : newStep((s.keyword ?? '').trim(), stepType(s), s.name ?? '', lineNumber(s.line) ?? lineOf(s.location), s.match?.location ?? null);
      const ms = toMs(s.result?.duration);
      finishStep(step, stepStatus(s.result?.status), ms, errorText(s.result?.error_message), clock);
      if (clock !== null) clock += ms;
      addEmbeddings(sink, step, s);
      steps.push({ step, hook });
    };
    for (const h of el.before ?? []) add(h, 'Before');
    // Gherkin gives a scenario without steps of its own no steps at all (not its Background's).
    const own = el.steps ?? [];
    const hasOwnSteps = own.some((s) => s && typeof s === 'object' && !isHiddenHook(s));
    const all = [...(background && background !== el && hasOwnSteps ? (background.steps ?? []) : []), ...own];
    for (const s of all) {
      if (!s || typeof s !== 'object') continue;
      for (const h of s.before ?? []) add(h, 'Before');
      add(s, null);
      for (const h of s.after ?? []) add(h, 'After');
    }
    for (const h of el.after ?? []) add(h, 'After');
    background = null;

    if (clock !== null) {
      tc.result.startTime = isoOrNull(started);
      tc.result.endTime = tc.result.startTime && isoOrNull(clock);
    }
    finishCase(tc, steps);
    out.push(tc);
  }
}

/** cucumber-js writes hooks as steps: hidden, keyword Before or After, no name. */
function isHiddenHook(s: JsonStep): boolean {
  const k = (s.keyword ?? '').trim();
  return s.hidden === true || ((k === 'Before' || k === 'After') && !s.name && s.line === undefined);
}

function stepType(s: JsonStep): string {
  if (s.step_type) return KEYWORD_TYPES[s.step_type.toLowerCase()] ?? 'Unknown';
  return KEYWORD_TYPES[(s.keyword ?? '').trim().toLowerCase()] ?? 'Unknown';
}

function addEmbeddings(sink: AttachmentSink, step: ReportStep, s: JsonStep): void {
  for (const e of s.embeddings ?? []) {
    if (!e || typeof e.data !== 'string') continue;
    sink.addEmbedding(step, e.mime_type ?? e.media?.type ?? 'application/octet-stream', e.data, e.name ?? null);
  }
  const output = (s.output ?? []).filter((o) => typeof o === 'string');
  if (output.length) sink.add(step, LOG_MEDIA_TYPE, Buffer.from(output.join('\n'), 'utf8'), 'output.txt');
}

function errorText(e: string | string[] | undefined): string | null {
  if (Array.isArray(e)) return e.join('\n') || null;
  return typeof e === 'string' && e ? e : null;
}

function tagNames(tags: Array<JsonTag | string> | undefined): string[] {
  const out: string[] = [];
  for (const t of Array.isArray(tags) ? tags : []) {
    const name = typeof t === 'string' ? t : t?.name;
    if (typeof name === 'string' && name) out.push(name.startsWith('@') ? name : `@${name}`);
  }
  return out;
}

/** "features/a.feature:12" -> "features/a.feature" (behave's locations). */
function stripLine(location: string | undefined): string | undefined {
  return typeof location === 'string' ? location.replace(/:\d+$/, '') : undefined;
}

function lineOf(location: string | undefined): number | null {
  const m = typeof location === 'string' ? /:(\d+)$/.exec(location) : null;
  return m ? lineNumber(Number(m[1])) : null;
}
