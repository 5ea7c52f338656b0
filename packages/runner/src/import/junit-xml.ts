import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ReportStep, StepStatus, TestCaseResult } from '@stepwise/shared';
import type { ReportMeta } from '../report-builder.ts';
import {
  AttachmentSink,
  assembleReport,
  clampDurationMs,
  emptyCase,
  finishCase,
  finishStep,
  firstLine,
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

/**
 * JUnit XML (testsuites / testsuite / testcase, as written by cucumber-jvm's and cucumber-js's junit
 * formatters, Maven Surefire, pytest, Jest and most CI tools) -> the report model, read as a stream
 * with saxes (strict XML: a malformed or cut file is refused with its line and column).
 *
 * - A testcase is a test case: classname is the feature (Cucumber's junit output puts the feature name
 *   there), name the scenario, `file` (or the suite's) the feature path, `time` its duration.
 * - Steps: the lines Cucumber writes into system-out (or the failure's text) -
 *   "Given I have 42 cukes.......passed" - become the steps; a testcase without them is one step.
 * - failure / error fail it (message attribute, text as the stack), skipped skips it; Surefire's
 *   flakyFailure / rerunFailure (and -Error) are earlier attempts; a testcase met again is a retry.
 * - system-out / system-err are kept as text attachments of the step (references such as
 *   [[ATTACHMENT|/path/shot.png]] stay in that text: the files they name are not in the report).
 * - properties: a testcase's are its parameters ("tag"/"tags" its tags); a testsuite's are the run's.
 * - Times: a testsuite's `timestamp` (UTC when it has no zone) starts its testcases, laid end to end.
 */

const FAILURE_KINDS = new Set(['failure', 'error']);
const ATTEMPT_KINDS = new Set(['flakyFailure', 'flakyError', 'rerunFailure', 'rerunError']);
const TEXT_ELEMENTS = new Set(['failure', 'error', 'skipped', 'system-out', 'system-err', 'property', 'stackTrace', ...ATTEMPT_KINDS]);
const STEP_LINE = /^(\S+) (.*?)\.{2,}(passed|failed|skipped|pending|undefined|ambiguous|unknown)\s*$/;
const KEYWORD_TYPES: Record<string, string> = { given: 'Context', when: 'Action', then: 'Outcome', and: 'Conjunction', but: 'Conjunction', '*': 'Conjunction' };

interface Problem {
  kind: string;
  message: string | null;
  type: string | null;
  text: string;
}

interface CaseNode {
  name: string;
  classname: string;
  file: string | null;
  line: number | null;
  timeMs: number;
  problems: Problem[];
  attempts: Problem[];
  out: string[];
  err: string[];
  properties: Array<[string, string]>;
}

interface SuiteNode {
  name: string;
  file: string | null;
  clock: number | null;
  properties: Array<[string, string]>;
  last: TestCaseResult | null;
  lastStep: ReportStep | null;
}

export async function junitXmlToReport(source: ReportSource, meta: ReportMeta): Promise<ImportedReport> {
  const sink = new AttachmentSink();
  const testCases: TestCaseResult[] = [];
  const runProperties: Record<string, string> = {};
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const suites: SuiteNode[] = [];
  const path: string[] = [];
  let tc: CaseNode | null = null;
  let problem: Problem | null = null;
  let text: string[] | null = null;
  let property: [string, string | null] | null = null;
  let sawRoot = false;

  const where = () => `Line ${parser.line}, column ${parser.column}`;
  const fail = (message: string): never => {
    throw new ReportImportError(`${where()}: ${message}`);
  };
  parser.on('error', (err) => {
    const message = err.message.replace(/^\d+:\d+: /, '');
    const unclosed = /^unclosed tag: (.+)$/.exec(message);
    const open = path.length ? path : unclosed ? [unclosed[1]] : [];
    fail(unclosed ? `Unexpected end of the file: not closed: ${open.map((n) => `<${n}>`).join(' ')}` : message.charAt(0).toUpperCase() + message.slice(1));
  });
  parser.on('opentag', (node: SaxesTagPlain) => {
    const name = node.name;
    const attr = node.attributes as Record<string, string>;
    const parent = path.at(-1);
    path.push(name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'testsuites' && name !== 'testsuite') fail(`Not a JUnit XML report: the root element is <${name}>, not <testsuites> or <testsuite>`);
    }
    if (name === 'testsuite') {
      const stamp = attr.timestamp ? parseTimestamp(attr.timestamp) : null;
      const outer = suites.at(-1);
      suites.push({ name: attr.name ?? outer?.name ?? '', file: attr.file ?? outer?.file ?? null, clock: stamp ?? outer?.clock ?? null, properties: [], last: null, lastStep: null });
    } else if (name === 'testcase') {
      tc = {
        name: attr.name ?? '',
        classname: attr.classname ?? attr.class ?? '',
        file: attr.file ?? null,
        line: attr.line && /^\d+$/.test(attr.line) ? lineNumber(Number(attr.line)) : null,
        timeMs: seconds(attr.time),
        problems: [],
        attempts: [],
        out: [],
        err: [],
        properties: [],
      };
    } else if (tc && (FAILURE_KINDS.has(name) || name === 'skipped' || ATTEMPT_KINDS.has(name)) && parent === 'testcase') {
      problem = { kind: name, message: attr.message ?? null, type: attr.type ?? null, text: '' };
      text = [];
    } else if (name === 'property') {
      property = [attr.name ?? '', attr.value ?? null];
      text = [];
    } else if (TEXT_ELEMENTS.has(name) && !problem) {
      text = [];
    }
  });
  const onText = (t: string) => {
    if (text) text.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (node: SaxesTagPlain) => {
    const name = node.name;
    path.pop();
    const parent = path.at(-1);
    if (name === 'property' && property) {
      const value = property[1] ?? (text ?? []).join('').trim();
      const entry: [string, string] = [property[0], value];
      if (parent === 'properties' && path.at(-2) === 'testcase' && tc) tc.properties.push(entry);
      else if (suites.length) suites.at(-1)!.properties.push(entry);
      else runProperties[entry[0]] = entry[1];
      property = null;
      text = null;
    } else if (problem && name === problem.kind) {
      problem.text = (text ?? []).join('');
      if (ATTEMPT_KINDS.has(name)) tc?.attempts.push(problem);
      else tc?.problems.push(problem);
      problem = null;
      text = null;
    } else if (problem && (name === 'stackTrace' || name === 'system-out' || name === 'system-err')) {
      // Surefire's flakyFailure holds its stack and output as children: all of it is the attempt's text.
      if (text) text.push('\n');
    } else if ((name === 'system-out' || name === 'system-err') && text) {
      const body = text.join('');
      text = null;
      if (parent === 'testcase' && tc) (name === 'system-out' ? tc.out : tc.err).push(body);
      else if (parent === 'testsuite' && body.trim()) {
        const suite = suites.at(-1);
        if (suite?.lastStep) sink.add(suite.lastStep, 'text/plain', Buffer.from(body, 'utf8'), `${suite.name || 'testsuite'} ${name}.txt`);
      }
    } else if (name === 'testcase' && tc) {
      const suite = suites.at(-1) ?? null;
      const done = convertCase(tc, suite, meta, sink, testCases);
      if (suite) {
        suite.last = done.tc;
        suite.lastStep = done.step;
        if (suite.clock !== null) suite.clock += tc.timeMs;
      }
      tc = null;
    } else if (name === 'testsuite') {
      const suite = suites.pop()!;
      for (const [k, v] of suite.properties) runProperties[k] = v;
      // The clock of an enclosing suite moves on by what the inner one ran.
      const outer = suites.at(-1);
      if (outer && outer.clock !== null && suite.clock !== null) outer.clock = Math.max(outer.clock, suite.clock);
    }
  });

  // The XML declaration may name another encoding (ISO-8859-1...): the bytes are decoded with it.
  const { encoding, chunks } = await sniffEncoding(source);
  let blank = true;
  for await (const chunk of textChunks(chunks, where, encoding)) {
    if (blank && chunk.trim()) blank = false;
    parser.write(chunk);
  }
  if (!sawRoot) {
    if (blank) throw new ReportImportError('The report is empty');
    fail('Not a JUnit XML report: no root element');
  }
  parser.close();
  const report = assembleReport(meta, testCases, null);
  return { report, attachments: sink.blobs, properties: runProperties };
}

/** Converts one testcase (and its earlier attempts) into test cases; returns the last and its last step. */
function convertCase(node: CaseNode, suite: SuiteNode | null, meta: ReportMeta, sink: AttachmentSink, out: TestCaseResult[]): { tc: TestCaseResult; step: ReportStep } {
  const start = suite?.clock ?? null;
  for (const attempt of node.attempts) {
    const earlier = baseCase(node, suite, meta, out.length + 1, null, 0);
    const step = newStep('', 'Unknown', node.name, node.line, null);
    finishStep(step, 'FAILED', 0, problemText(attempt), null);
    finishCase(earlier, [{ step, hook: false }]);
    out.push(earlier);
  }
  const tc = baseCase(node, suite, meta, out.length + 1, start, node.timeMs);
  const outText = node.out.join('\n');
  const failure = node.problems.find((p) => FAILURE_KINDS.has(p.kind)) ?? null;
  const skipped = node.problems.find((p) => p.kind === 'skipped') ?? null;
  // Cucumber's step lines: in system-out, or (cucumber-jvm) before "StackTrace:" in the failure's text.
  const lines = parseStepLines(outText).length ? parseStepLines(outText) : parseStepLines(failure?.text ?? skipped?.text ?? '');
  const steps: CaseStep[] = [];
  if (lines.length) {
    const problemMessage = failure ? problemText(failure) : skipped ? problemText(skipped) : null;
    let failedAt = lines.findIndex((l) => l.status === 'FAILED' || l.status === 'UNDEFINED' || l.status === 'AMBIGUOUS');
    if (failure && failedAt === -1) {
      // The testcase failed although no step line says so (a hook failed): the first step not passed takes it.
      failedAt = lines.findIndex((l) => l.status !== 'PASSED');
      if (failedAt === -1) failedAt = lines.length - 1;
      lines[failedAt].status = 'FAILED';
    }
    const pendingAt = lines.findIndex((l) => l.status === 'PENDING');
    const messageAt = failedAt !== -1 ? failedAt : pendingAt;
    lines.forEach((l, i) => {
      const step = newStep(l.keyword, KEYWORD_TYPES[l.keyword.toLowerCase()] ?? 'Unknown', l.text, null, null);
      finishStep(step, l.status, 0, i === messageAt ? problemMessage : null, null);
      steps.push({ step, hook: false });
    });
  } else {
    const step = newStep('', 'Unknown', node.name, node.line, null);
    const status: StepStatus = failure ? 'FAILED' : skipped ? 'SKIPPED' : 'PASSED';
    finishStep(step, status, node.timeMs, failure ? problemText(failure) : skipped ? problemText(skipped) : null, start);
    steps.push({ step, hook: false });
  }
  // Output goes with the failing step, or the last one.
  const home = steps.find((s) => s.step.result.status === 'FAILED')?.step ?? steps.at(-1)!.step;
  const onlyStepLines = lines.length > 0 && outText.split('\n').every((l) => !l.trim() || STEP_LINE.test(l.trim()));
  if (outText.trim() && !onlyStepLines) sink.add(home, 'text/plain', Buffer.from(outText, 'utf8'), 'system-out.txt');
  const errText = node.err.join('\n');
  if (errText.trim()) sink.add(home, 'text/plain', Buffer.from(errText, 'utf8'), 'system-err.txt');
  finishCase(tc, steps);
  // A testcase that only says it was skipped (no failure) is skipped even when its step lines passed.
  if (!failure && skipped && tc.result.status === 'PASSED') tc.result.status = 'SKIPPED';
  out.push(tc);
  return { tc, step: home };
}

function baseCase(node: CaseNode, suite: SuiteNode | null, meta: ReportMeta, n: number, start: number | null, timeMs: number): TestCaseResult {
  const tc = emptyCase(`tc-${n}`, meta);
  tc.scenarioName = node.name;
  tc.featureName = node.classname || suite?.name || '';
  tc.featurePath = node.file ?? suite?.file ?? (node.classname || suite?.name || '');
  tc.line = node.line;
  const tags: string[] = [];
  for (const [k, v] of node.properties) {
    if (k === 'tag' || k === 'tags') {
      for (const t of v.split(/[\s,]+/)) if (t) tags.push(t.startsWith('@') ? t : `@${t}`);
    } else tc.parameters[k] = v;
  }
  tc.tags = [...new Set(tags)];
  if (start !== null) {
    tc.result.startTime = isoOrNull(start);
    tc.result.endTime = tc.result.startTime && isoOrNull(start + timeMs);
  }
  return tc;
}

/** The message and text of a failure: its message attribute first, then its text (the stack). */
function problemText(p: Problem): string | null {
  let body = p.text.trim();
  const stack = body.indexOf('StackTrace:');
  if (stack !== -1 && STEP_LINE.test(firstLine(body))) body = body.slice(stack + 'StackTrace:'.length).trim();
  const message = p.message?.trim() || null;
  if (message && body && !body.startsWith(message) && !body.includes(message)) return `${message}\n${body}`;
  return body || message;
}

interface StepLine {
  keyword: string;
  text: string;
  status: StepStatus;
}

function parseStepLines(text: string): StepLine[] {
  const out: StepLine[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('StackTrace:')) break;
    const m = STEP_LINE.exec(line);
    if (!m) return out.length ? out : [];
    out.push({ keyword: m[1], text: m[2], status: stepStatus(m[3]) });
  }
  return out;
}

/** A `time` attribute in milliseconds: a negative or unreadable one counts as 0, one past MAX_DURATION_MS (1e308) as that. */
function seconds(value: string | undefined): number {
  return clampDurationMs(value ? Number(value.replace(/,/g, '')) * 1000 : NaN);
}

/** ISO 8601 with or without zone (JUnit's schema has none: UTC is taken). */
function parseTimestamp(value: string): number | null {
  const v = value.trim();
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v}Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? ms : null;
}

/** Reads the first bytes for an XML declaration's encoding; gives back the whole source as chunks. */
async function sniffEncoding(source: ReportSource): Promise<{ encoding: string; chunks: ReportSource }> {
  if (typeof source === 'string') return { encoding: 'utf-8', chunks: source };
  const it = source instanceof Uint8Array ? [source][Symbol.iterator]() : (source as AsyncIterable<Buffer | Uint8Array | string>)[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return { encoding: 'utf-8', chunks: '' };
  const head = typeof first.value === 'string' ? first.value.slice(0, 200) : Buffer.from(first.value.subarray(0, 200)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  let encoding = 'utf-8';
  if (declared && declared !== 'utf-8' && declared !== 'utf8') {
    try {
      new TextDecoder(declared);
      encoding = declared;
    } catch {
      throw new ReportImportError(`Line 1: the encoding ${declared} is not supported`);
    }
  }
  async function* all(): AsyncGenerator<Buffer | Uint8Array | string> {
    yield first.value as Buffer | Uint8Array | string;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value as Buffer | Uint8Array | string;
  }
  return { encoding, chunks: all() };
}
