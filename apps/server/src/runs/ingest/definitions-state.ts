import type * as messages from '@cucumber/messages';
import { cleanUri, indexGherkinDocument, sourceRef, type DocumentIndex, type StepNode } from '@stepwise/runner/report-model';
import { ReportFormatError } from '../ndjson-lines.ts';
import { NO_PARAMETERS, NO_TAGS, type CaseTemplate, type Definitions, type ScenarioInfo, type StepInfo } from './ingest-protocol.ts';
import { DocumentScanner, type ScannedDocument } from './document-scan.ts';
import { compileShape, JsonScan, STRING } from './json-scan.ts';
import { textAt } from './json-text.ts';
import { StepDetails, type PickleSteps, type TestStepInfo } from './step-details.ts';

/**
 * What an import keeps of a report's definitions: Gherkin documents, pickles, test cases, step
 * definitions, hooks and meta. Each test case becomes a template (its steps, which are hooks, and its
 * scenario from its pickle and document) for the events; the rest answers, at the end, for the few
 * steps a row or the application map names.
 */

// The fields read of test cases and pickles without JSON.parse (json-scan.ts); their steps' details
// are read again from the report for the few steps a row or the application map names.
const T = { id: 0, pickle: 1, stepId: 2, pickleStep: 3, hook: 4, stepItem: 5 };
const TEST_CASE = compileShape({
  testCase: { id: T.id, pickleId: T.pickle, testSteps: { items: { id: T.stepId, pickleStepId: T.pickleStep, hookId: T.hook }, item: T.stepItem } },
});
const P = { id: 0, uri: 1, name: 2, line: 3, tag: 4, tagItem: 5, ast: 6, astItem: 7 };
const PICKLE = compileShape({
  pickle: { id: P.id, uri: P.uri, name: P.name, location: { line: P.line }, tags: { items: { name: P.tag }, item: P.tagItem }, astNodeIds: { items: P.ast, item: P.astItem } },
});

// A source (a feature file's text) is only checked to be JSON: nothing of it is kept.
const SOURCE = compileShape({});


/** A feature file as its pickles name it: its uri, its feature's name, its path, where its Gherkin document is. */
interface Feature {
  uri: string;
  name: string;
  path: string;
  document: number[] | undefined;
}

/** A message of the report, read again by where it is (offset, length). */
export type ReadMessage = (start: number, length: number) => messages.Envelope | null;

export class DefinitionsState {
  private readonly featureNames = new Map<string, string>();
  private readonly documents = new Map<string, number[]>();
  /** Documents read by the scanner, by uri (the others are in `index`). */
  private readonly scannedDocuments = new Map<string, ScannedDocument>();
  private readonly documentScanner = new DocumentScanner();
  /** Steps, scenarios and example rows of the Gherkin documents, by AST node id. */
  private readonly index: DocumentIndex = { stepNodes: new Map(), scenarioLines: new Map(), rowNodes: new Map() };
  private readonly pickles = new Map<string, ScenarioInfo>();
  private readonly stepDefinitions = new Map<string, string>();
  private readonly hooks = new Map<string, [string, string | null, string | null, string | null]>();
  private readonly globals: number[] = [];
  private readonly errors: string[] = [];
  private implementation: { implementation: string | null; version: string | null } | null = null;
  envelopes = 0;
  /** Told of each test case as it is read. */
  onTemplate: (t: CaseTemplate) => void = () => {};
  private readonly scan = new JsonScan(8);
  /** Test cases' and pickles' steps read again for the few a row names. */
  private readonly details = new StepDetails();
  /** A scanned pickle's tags. */
  private readonly items: Array<string | undefined> = [];
  private readonly itemKinds: Array<string | null> = [];
  private odd = false;
  private readonly read: ReadMessage;
  /** The report's bytes read so far (where scanned documents are). */
  private readonly bytes: () => Buffer;

  constructor(read: ReadMessage, bytes: () => Buffer) {
    this.read = read;
    this.bytes = bytes;
  }

  /**
   * A test case, a pickle, a Gherkin document or a source read from its bytes, in any key order; false when it
   * is not strict JSON or not of the usual shape (it is then parsed, and its error, if any, names the problem).
   */
  scanned(type: string, bytes: Buffer, start: number, stop: number): boolean {
    const { scan } = this;
    if (type === 'source') {
      if (!scan.scan(bytes, start, stop, SOURCE)) return false;
      this.envelopes++;
      return true;
    }
    if (type === 'gherkinDocument') {
      const read = this.documentScanner.read(bytes, start, stop, this.index.rowNodes);
      if (!read) return false;
      this.envelopes++;
      if (read.uri !== null) {
        this.featureNames.set(read.uri, read.doc.name);
        this.documents.set(read.uri, [start, stop - start]);
        this.scannedDocuments.set(read.uri, read.doc);
        this.lastFeature = null;
      }
      return true;
    }
    this.items.length = 0;
    this.itemKinds.length = 0;
    this.odd = false;
    const place = [start, stop - start];
    if (type === 'testCase') {
      this.stepPlaces = [];
      this.plainIds = true;
      scan.onItem = this.onTestStep;
      if (!scan.scan(bytes, start, stop, TEST_CASE) || this.odd) return false;
      const id = scan.string(T.id);
      const pickleId = scan.string(T.pickle);
      if (id === undefined || pickleId === undefined) return false;
      this.envelopes++;
      // Ids with escapes (rare) are made texts: the scan tells where each id was, the texts are read again.
      const ids = this.plainIds ? null : this.details.testStepIds(bytes, start, stop);
      if (!this.plainIds && !ids) return false;
      this.testCase(id, pickleId, ids ?? this.stepPlaces, this.itemKinds, null, place);
      return true;
    }
    // pickle
    this.astNodes = 0;
    scan.onItem = this.onPickleItem;
    if (!scan.scan(bytes, start, stop, PICKLE) || this.odd) return false;
    const id = scan.string(P.id);
    // Pickles come by feature: the last one's feature, when it is the same uri (compared by its bytes).
    const last = this.lastFeature;
    const feature = last !== null && scan.equals(P.uri, last.uri) ? last : this.feature(scan.string(P.uri));
    const name = scan.has(P.name) ? scan.string(P.name) : '';
    const line = scan.has(P.line) ? scan.number(P.line) : null;
    if (id === undefined || feature === null || name === undefined || line === undefined) return false;
    this.envelopes++;
    // The AST node ids as texts only when they are needed: an example row's, and the scenario's when the pickle has no line.
    const { astPlaces } = this;
    const rowNodeId = this.astNodes > 1 ? textAt(bytes, astPlaces[3], astPlaces[4], astPlaces[5]) : undefined;
    const needsScenario = line === null && (rowNodeId === undefined || !this.index.rowNodes.has(rowNodeId));
    const scenarioNodeId = needsScenario && this.astNodes > 0 ? textAt(bytes, astPlaces[0], astPlaces[1], astPlaces[2]) : undefined;
    this.pickle(id, feature, name, line, this.items.length ? (this.items.slice() as string[]) : NO_TAGS, scenarioNodeId, rowNodeId, null, place);
    return true;
  }

  /** A feature file's uri, name, path and Gherkin document (null for a uri that is not text). */
  private feature(uri: string | undefined): Feature | null {
    if (uri === undefined) return null;
    const f: Feature = { uri, name: this.featureNames.get(uri) ?? '', path: uri ? cleanUri(uri) : '', document: this.documents.get(uri) };
    this.lastFeature = f;
    return f;
  }

  /**
   * A test step of a scanned test case: where its id is, and for a hook its hook's id (a Gherkin
   * step's pickle step id is only looked at: a row that names the step reads it again, step-details.ts).
   */
  private readonly onTestStep = (): void => {
    const { scan } = this;
    const step = scan.has(T.pickleStep);
    if (!scan.isString(T.stepId) || (step && !scan.isString(T.pickleStep)) || (scan.has(T.hook) && !scan.isString(T.hook))) this.odd = true;
    // Its id by where it is, when it has no escapes (else its text).
    if (scan.kinds[T.stepId] === STRING) this.stepPlaces.push(scan.starts[T.stepId], scan.ends[T.stepId]);
    else this.plainIds = false;
    this.itemKinds.push(step && scan.isNonEmptyString(T.pickleStep) ? null : scan.has(T.hook) ? scan.string(T.hook)! : '');
    scan.clear(T.stepId, T.pickleStep, T.hook);
  };

  /** Where the step ids of the test case being scanned are (start, end, ...), and whether they all are without escapes. */
  private stepPlaces: number[] = [];
  private plainIds = true;

  /** The AST node ids of the pickle being scanned: how many, and where the first two are (start, end, kind, ...). */
  private astNodes = 0;
  private readonly astPlaces = new Int32Array(6);

  /** A tag or an AST node id of a scanned pickle. */
  private readonly onPickleItem = (item: number): void => {
    const { scan } = this;
    if (item === P.tagItem) {
      const value = scan.string(P.tag);
      if (value === undefined) this.odd = true;
      this.items.push(value!);
      scan.clear(P.tag);
      return;
    }
    if (!scan.isString(P.ast)) this.odd = true;
    if (this.astNodes < 2) {
      const at = 3 * this.astNodes;
      this.astPlaces[at] = scan.starts[P.ast];
      this.astPlaces[at + 1] = scan.ends[P.ast];
      this.astPlaces[at + 2] = scan.kinds[P.ast];
    }
    this.astNodes++;
    scan.clear(P.ast);
  };

  /** The feature of the last pickle (the next one is most often of the same feature). */
  private lastFeature: Feature | null = null;

  /** What the end of the import needs of the definitions. */
  summary(): Definitions {
    return { hooks: [...this.hooks.values()], implementation: this.implementation, errors: this.errors, globals: this.globals };
  }

  /** A message of the definitions' types, and where it is in the report. */
  envelope(envelope: messages.Envelope, start: number, length: number): void {
    this.envelopes++;
    const place = [start, length];
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
  }

  private onDocument(doc: messages.GherkinDocument, place: number[]): void {
    const name = indexGherkinDocument(doc, this.index);
    if (name === null) return;
    this.featureNames.set(doc.uri!, name);
    this.documents.set(doc.uri!, place);
    this.scannedDocuments.delete(doc.uri!);
    this.lastFeature = null;
  }

  /** A step of the Gherkin documents by its AST node id (in its pickle's document when that was scanned). */
  private stepNode(uri: string, id: string): StepNode | undefined {
    const doc = this.scannedDocuments.get(uri);
    return doc ? this.documentScanner.step(this.bytes(), doc, id) : this.index.stepNodes.get(id);
  }

  private scenarioLine(uri: string, id: string | undefined): number | undefined {
    if (id === undefined) return undefined;
    const doc = this.scannedDocuments.get(uri);
    return doc ? this.documentScanner.scenarioLine(this.bytes(), doc, id) : this.index.scenarioLines.get(id);
  }

  /** The pickle as the report builder sees it when its test case starts. */
  private onPickle(pickle: messages.Pickle, place: number[]): void {
    const steps: PickleSteps = (pickle.steps ?? []).map((ps) => [ps.id, ps.text, ps.astNodeIds?.[0], ps.type]);
    const ast = pickle.astNodeIds ?? [];
    this.pickle(pickle.id, this.feature(pickle.uri ?? '')!, pickle.name ?? '', pickle.location?.line ?? null, pickle.tags?.map((t) => t.name) ?? [], ast[0], ast[1], steps, place);
  }

  /** A pickle: its scenario's AST node id is only needed when it has no line, and an example row's (its second) when it is of an outline. */
  private pickle(
    id: string,
    feature: Feature,
    name: string,
    line: number | null,
    tags: string[],
    scenarioNodeId: string | undefined,
    rowNodeId: string | undefined,
    steps: PickleSteps | null,
    place: number[],
  ): void {
    const row = rowNodeId ? this.index.rowNodes.get(rowNodeId) : undefined;
    const { uri, document } = feature;
    this.pickles.set(id, {
      uri,
      name,
      featureName: feature.name,
      featurePath: feature.path,
      line: line ?? row?.line ?? this.scenarioLine(uri, scenarioNodeId) ?? null,
      tags,
      parameters: row ? { ...row.parameters } : NO_PARAMETERS,
      steps,
      place,
      source: document ? [...document, ...place] : place,
    });
  }

  private onTestCase(testCase: messages.TestCase, place: number[]): void {
    const steps = testCase.testSteps ?? [];
    // Events find their test case and step by these ids.
    if (typeof testCase.id !== 'string') throw new ReportFormatError('testCase.id is missing');
    const noId = steps.findIndex((ts) => typeof ts.id !== 'string');
    if (noId !== -1) throw new ReportFormatError(`testCase.testSteps.${noId}.id is missing`);
    this.testCase(
      testCase.id,
      testCase.pickleId,
      steps.map((ts) => ts.id),
      steps.map((ts) => (ts.pickleStepId ? null : (ts.hookId ?? ''))),
      steps,
      place,
    );
  }

  /**
   * A test case: its steps' ids (texts, or where each is in the report: start, end, ...), and for each
   * null (a Gherkin step) or its hook's id.
   */
  private testCase(
    id: string,
    pickleId: string,
    stepIds: string[] | number[],
    stepKinds: ReadonlyArray<string | null>,
    steps: readonly TestStepInfo[] | null,
    place: number[],
  ): void {
    let kinds = '';
    let sawStep = false;
    for (const kind of stepKinds) {
      if (kind === null) {
        sawStep = true;
        kinds += 'S';
      } else kinds += this.hookKind(kind || undefined, sawStep);
    }
    const texts = stepKinds.length === 0 || typeof stepIds[0] === 'string';
    this.onTemplate({
      testCaseId: id,
      steps: stepKinds.length,
      stepIds: texts ? (stepIds.slice() as string[]) : null,
      stepPlaces: texts ? null : (stepIds as number[]),
      kinds,
      scenario: this.pickles.get(pickleId) ?? null,
      start: place[0],
      length: place[1],
      testSteps: steps,
      last: null,
    });
  }

  /** B for a Before hook, A for an After hook: by its type, else by whether a step came before it. */
  private hookKind(hookId: string | undefined, sawStep: boolean): 'A' | 'B' {
    const type = hookId ? this.hooks.get(hookId)?.[1] : null;
    return (type ? type === 'BEFORE_TEST_CASE' : !sawStep) ? 'B' : 'A';
  }

  /** Keyword, type, text and step definitions of a test case's step, as the report builder names them. */
  info(tc: CaseTemplate, index: number): StepInfo | null {
    tc.testSteps ??= this.details.testSteps(this.bytes(), [tc.start, tc.length]) ?? this.read(tc.start, tc.length)?.testCase?.testSteps ?? [];
    const ts = tc.testSteps[index];
    if (!ts) return null;
    if (ts.pickleStepId) {
      const pickle = tc.scenario;
      if (pickle) {
        pickle.steps ??=
          this.details.pickleSteps(this.bytes(), pickle.place) ??
          (this.read(pickle.place[0], pickle.place[1])?.pickle?.steps ?? []).map((ps) => [ps.id, ps.text, ps.astNodeIds?.[0], ps.type]);
      }
      const ps = pickle?.steps?.find((s) => s[0] === ts.pickleStepId);
      const node = ps?.[2] !== undefined && pickle ? this.stepNode(pickle.uri, ps[2]) : undefined;
      const ids = ts.stepDefinitionIds ?? [];
      return [node?.keyword ?? '', node?.keywordType ?? ps?.[3] ?? 'Unknown', ps?.[1] ?? '', ids.length ? ids.map((id) => this.stepDefinitions.get(id) ?? id).join(', ') : null];
    }
    const hook = ts.hookId ? this.hooks.get(ts.hookId) : undefined;
    const kind = this.hookKind(ts.hookId, tc.testSteps.slice(0, index).some((s) => s.pickleStepId)) === 'B' ? 'Before' : 'After';
    return [kind, kind, hook?.[2] || `${kind} hook`, hook?.[3] ?? null];
  }
}
