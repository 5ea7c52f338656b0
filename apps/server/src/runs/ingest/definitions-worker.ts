import { parentPort, type MessagePort } from 'node:worker_threads';
import type * as messages from '@cucumber/messages';
import { cleanUri, sourceRef } from '@stepwise/runner/report-model';
import { ReportFormatError } from '../ndjson-lines.ts';
import { EVENT_TYPES, type DefinitionsToEvents, type LineProblem, type MainToWorker, type PickleRecord, type WorkerToMain } from './ingest-protocol.ts';
import { LineScanner, problemOf, typeOfEnvelope, type ScannedLine } from './line-scanner.ts';

/**
 * The ingest's definitions worker: reads the Gherkin documents, pickles, step definitions, hooks and
 * meta of a report as it arrives, and hands each pickle, resolved against its document (feature name,
 * keywords, example values), to the events worker.
 */

const PICKLE_BATCH = 500;

interface StepNode {
  keyword: string;
  keywordType: string | undefined;
}

class DefinitionsJob {
  private readonly scanner: LineScanner;
  private readonly port: MessagePort;
  private readonly featureNames = new Map<string, string>();
  private readonly documents = new Map<string, number[]>();
  private readonly scenarioLines = new Map<string, number>();
  private readonly stepNodes = new Map<string, StepNode>();
  private readonly rowNodes = new Map<string, { line: number | undefined; parameters: Record<string, string> }>();
  private readonly stepDefinitions: Array<[string, string]> = [];
  private readonly hooks: Array<[string, string | null, string | null, string | null]> = [];
  private readonly globals: number[] = [];
  private readonly errors: string[] = [];
  private implementation: { implementation: string | null; version: string | null } | null = null;
  private batch: PickleRecord[] = [];
  private envelopes = 0;
  private problem: LineProblem | null = null;

  constructor(sab: SharedArrayBuffer, port: MessagePort) {
    this.scanner = new LineScanner(sab);
    this.port = port;
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
    const done: DefinitionsToEvents = {
      kind: 'definitions',
      stepDefinitions: this.stepDefinitions,
      hooks: this.hooks,
      implementation: this.implementation,
      errors: this.errors,
      globals: this.globals,
      problem: this.problem,
      envelopes: this.envelopes,
    };
    this.port.postMessage(done);
    post({ kind: 'scanned', problem: this.problem });
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
    if (envelope.gherkinDocument) this.onDocument(envelope.gherkinDocument, place);
    else if (envelope.pickle) this.onPickle(envelope.pickle, place);
    else if (envelope.stepDefinition) {
      const sd = envelope.stepDefinition;
      this.stepDefinitions.push([sd.id, sourceRef(sd.sourceReference) ?? sd.id]);
      this.globals.push(...place);
    } else if (envelope.hook) {
      const h = envelope.hook;
      this.hooks.push([h.id, h.type ?? null, h.name ?? null, sourceRef(h.sourceReference)]);
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
    const steps: PickleRecord['steps'] = [];
    for (const ps of pickle.steps ?? []) {
      const astNodeId = ps.astNodeIds?.[0];
      const node = astNodeId !== undefined ? this.stepNodes.get(astNodeId) : undefined;
      steps.push([ps.id, ps.text, node?.keyword ?? '', node?.keywordType ?? ps.type ?? 'Unknown']);
    }
    const document = this.documents.get(pickle.uri);
    this.batch.push({
      id: pickle.id,
      name: pickle.name ?? '',
      featureName: this.featureNames.get(pickle.uri) ?? '',
      featurePath: pickle.uri ? cleanUri(pickle.uri) : '',
      line: pickle.location?.line ?? row?.line ?? this.scenarioLines.get(astNodeIds[0]) ?? null,
      tags: pickle.tags?.map((t) => t.name) ?? [],
      parameters: row ? { ...row.parameters } : {},
      steps,
      source: document ? [...document, ...place] : place,
    });
    if (this.batch.length >= PICKLE_BATCH) this.flush();
  }

  private flush(): void {
    const message: DefinitionsToEvents = { kind: 'pickles', pickles: this.batch };
    this.port.postMessage(message);
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
      if (m.final) job = null;
    }
  } catch (err) {
    job = null;
    post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
  }
});
