import { parentPort, type MessagePort } from 'node:worker_threads';
import type * as messages from '@cucumber/messages';
import { cleanUri, sourceRef } from '@stepwise/runner/report-model';
import { ReportFormatError } from '../ndjson-lines.ts';
import {
  EVENT_TYPES,
  type CaseTemplate,
  type DefinitionsToEvents,
  type EventsToDefinitions,
  type LineProblem,
  type MainToWorker,
  type StepInfo,
  type WorkerToMain,
} from './ingest-protocol.ts';
import { LineScanner, problemOf, typeOfEnvelope, type ScannedLine } from './line-scanner.ts';

/**
 * The ingest's definitions worker: reads the Gherkin documents, pickles, test cases, step definitions,
 * hooks and meta of a report as it arrives, and hands each test case, resolved against its pickle and
 * document (scenario, feature, example values, which steps are hooks), to the events worker. It keeps
 * what it read, to answer the events worker's questions about the few steps a row or the map names.
 */

const TEMPLATE_BATCH = 500;

interface StepNode {
  keyword: string;
  keywordType: string | undefined;
}

interface PickleInfo {
  name: string;
  featureName: string;
  featurePath: string;
  line: number | null;
  tags: string[];
  parameters: Record<string, string>;
  /** Pickle step id, text and AST node id. */
  steps: Array<[string, string, string | undefined, string | undefined]>;
  source: number[];
}

interface TestCaseInfo {
  pickle: PickleInfo | undefined;
  steps: readonly messages.TestStep[];
}

class DefinitionsJob {
  private readonly scanner: LineScanner;
  private readonly port: MessagePort;
  private readonly featureNames = new Map<string, string>();
  private readonly documents = new Map<string, number[]>();
  private readonly scenarioLines = new Map<string, number>();
  private readonly stepNodes = new Map<string, StepNode>();
  private readonly rowNodes = new Map<string, { line: number | undefined; parameters: Record<string, string> }>();
  private readonly pickles = new Map<string, PickleInfo>();
  private readonly testCases = new Map<string, TestCaseInfo>();
  private readonly stepDefinitions = new Map<string, string>();
  private readonly hooks = new Map<string, [string, string | null, string | null, string | null]>();
  private readonly globals: number[] = [];
  private readonly errors: string[] = [];
  private implementation: { implementation: string | null; version: string | null } | null = null;
  private batch: CaseTemplate[] = [];
  private envelopes = 0;
  private problem: LineProblem | null = null;

  constructor(sab: SharedArrayBuffer, port: MessagePort) {
    this.scanner = new LineScanner(sab);
    this.port = port;
    port.on('message', (m: EventsToDefinitions) => {
      if (m.kind === 'infos') this.send({ kind: 'infos', infos: m.requests.map(([id, index]) => this.info(id, index)) });
    });
  }

  data(end: number, final: boolean): void {
    if (!this.problem) {
      try {
        this.scanner.scan(end, final, (line) => this.line(line));
      } catch (err) {
        if (!(err instanceof ReportFormatError)) throw err;
        this.problem = problemOf(err);
      }
    }
    if (this.batch.length) this.flush();
    if (!final) return;
    this.send({
      kind: 'definitions',
      hooks: [...this.hooks.values()],
      implementation: this.implementation,
      errors: this.errors,
      globals: this.globals,
      problem: this.problem,
      envelopes: this.envelopes,
    });
    post({ kind: 'scanned', problem: this.problem });
  }

  private send(m: DefinitionsToEvents): void {
    this.port.postMessage(m);
  }

  private line(line: ScannedLine): boolean {
    const type = this.scanner.typeOf(line);
    if (type === '' || (type !== null && EVENT_TYPES.has(type))) return true;
    let envelope: messages.Envelope | null;
    try {
      envelope = this.scanner.envelope(line);
    } catch (err) {
      if (!(err instanceof ReportFormatError)) throw err;
      this.problem = { line: line.lineNo, message: err.message };
      return false;
    }
    if (!envelope) return true;
    // A line that had to be parsed to be known: the events worker reads its own too.
    if (type === null && EVENT_TYPES.has(typeOfEnvelope(envelope))) return true;
    this.envelopes++;
    const place = [line.start, line.stop - line.start];
    if (envelope.testCase) this.onTestCase(envelope.testCase, place);
    else if (envelope.pickle) this.onPickle(envelope.pickle, place);
    else if (envelope.gherkinDocument) this.onDocument(envelope.gherkinDocument, place);
    else if (envelope.stepDefinition) {
      const sd = envelope.stepDefinition;
      this.stepDefinitions.set(sd.id, sourceRef(sd.sourceReference) ?? sd.id);
      this.globals.push(...place);
    } else if (envelope.hook) {
      const h = envelope.hook;
      this.hooks.set(h.id, [h.id, h.type ?? null, h.name ?? null, sourceRef(h.sourceReference)]);
      this.globals.push(...place);
    } else if (envelope.parseError) {
      this.errors.push(`Parse error in ${sourceRef(envelope.parseError.source) ?? 'a feature file'}: ${envelope.parseError.message}`);
    } else if (envelope.meta) {
      this.implementation = { implementation: envelope.meta.implementation?.name ?? null, version: envelope.meta.implementation?.version ?? null };
    }
    return true;
  }

  private onDocument(doc: messages.GherkinDocument, place: number[]): void {
    const feature = doc.feature;
    if (!feature || !doc.uri) return;
    this.featureNames.set(doc.uri, feature.name);
    this.documents.set(doc.uri, place);
    const addSteps = (steps: readonly messages.Step[]) => {
      for (const s of steps ?? []) this.stepNodes.set(s.id, { keyword: (s.keyword ?? '').trim(), keywordType: s.keywordType });
    };
    const addScenario = (sc: messages.Scenario) => {
      if (sc.location) this.scenarioLines.set(sc.id, sc.location.line);
      addSteps(sc.steps);
      for (const ex of sc.examples ?? []) {
        const header = ex.tableHeader?.cells?.map((c) => c.value) ?? [];
        for (const row of ex.tableBody ?? []) {
          const parameters: Record<string, string> = {};
          for (let i = 0; i < header.length; i++) parameters[header[i]] = row.cells?.[i]?.value ?? '';
          this.rowNodes.set(row.id, { line: row.location?.line, parameters });
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
  }

  /** The pickle as the report builder sees it when its test case starts. */
  private onPickle(pickle: messages.Pickle, place: number[]): void {
    const astNodeIds = pickle.astNodeIds ?? [];
    const row = astNodeIds[1] ? this.rowNodes.get(astNodeIds[1]) : undefined;
    const document = this.documents.get(pickle.uri);
    this.pickles.set(pickle.id, {
      name: pickle.name ?? '',
      featureName: this.featureNames.get(pickle.uri) ?? '',
      featurePath: pickle.uri ? cleanUri(pickle.uri) : '',
      line: pickle.location?.line ?? row?.line ?? this.scenarioLines.get(astNodeIds[0]) ?? null,
      tags: pickle.tags?.map((t) => t.name) ?? [],
      parameters: row ? { ...row.parameters } : {},
      steps: (pickle.steps ?? []).map((ps) => [ps.id, ps.text, ps.astNodeIds?.[0], ps.type]),
      source: document ? [...document, ...place] : place,
    });
  }

  private onTestCase(testCase: messages.TestCase, place: number[]): void {
    const pickle = this.pickles.get(testCase.pickleId);
    const steps = testCase.testSteps ?? [];
    this.testCases.set(testCase.id, { pickle, steps });
    let kinds = '';
    let sawStep = false;
    for (const ts of steps) {
      if (ts.pickleStepId) {
        sawStep = true;
        kinds += 'S';
      } else kinds += this.hookKind(ts.hookId, sawStep);
    }
    this.batch.push({
      testCaseId: testCase.id,
      stepIds: steps.map((ts) => ts.id),
      kinds,
      scenarioName: pickle?.name ?? '',
      featureName: pickle?.featureName ?? '',
      featurePath: pickle?.featurePath ?? '',
      line: pickle?.line ?? null,
      tags: pickle?.tags ?? [],
      parameters: pickle?.parameters ?? {},
      source: pickle ? [...pickle.source, ...place] : place,
    });
    if (this.batch.length >= TEMPLATE_BATCH) this.flush();
  }

  /** B for a Before hook, A for an After hook: by its type, else by whether a step came before it. */
  private hookKind(hookId: string | undefined, sawStep: boolean): 'A' | 'B' {
    const type = hookId ? this.hooks.get(hookId)?.[1] : null;
    return (type ? type === 'BEFORE_TEST_CASE' : !sawStep) ? 'B' : 'A';
  }

  /** Keyword, type, text and step definitions of a test case's step, as the report builder names them. */
  private info(testCaseId: string, index: number): StepInfo | null {
    const tc = this.testCases.get(testCaseId);
    const ts = tc?.steps[index];
    if (!tc || !ts) return null;
    if (ts.pickleStepId) {
      const ps = tc.pickle?.steps.find((s) => s[0] === ts.pickleStepId);
      const node = ps?.[2] !== undefined ? this.stepNodes.get(ps[2]) : undefined;
      const ids = ts.stepDefinitionIds ?? [];
      return [node?.keyword ?? '', node?.keywordType ?? ps?.[3] ?? 'Unknown', ps?.[1] ?? '', ids.length ? ids.map((id) => this.stepDefinitions.get(id) ?? id).join(', ') : null];
    }
    const hook = ts.hookId ? this.hooks.get(ts.hookId) : undefined;
    const kind = this.hookKind(ts.hookId, tc.steps.slice(0, index).some((s) => s.pickleStepId)) === 'B' ? 'Before' : 'After';
    return [kind, kind, hook?.[2] || `${kind} hook`, hook?.[3] ?? null];
  }

  private flush(): void {
    this.send({ kind: 'templates', templates: this.batch });
    this.batch = [];
  }
}

function post(message: WorkerToMain): void {
  parentPort!.postMessage(message);
}

let job: DefinitionsJob | null = null;
parentPort!.on('message', (m: MainToWorker) => {
  try {
    if (m.kind === 'start') job = new DefinitionsJob(m.job.sab, m.port);
    else if (job) {
      job.data(m.end, m.final);
      // The job stays with its port (to answer questions about steps) until the events worker closes it.
      if (m.final) job = null;
    }
  } catch (err) {
    job = null;
    post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
  }
});
