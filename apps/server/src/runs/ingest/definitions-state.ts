import type * as messages from '@cucumber/messages';
import { cleanUri, indexGherkinDocument, sourceRef, type DocumentIndex } from '@stepwise/runner/report-model';
import type { CaseTemplate, Definitions, StepInfo } from './ingest-protocol.ts';

/**
 * What an import keeps of a report's definitions: Gherkin documents, pickles, test cases, step
 * definitions, hooks and meta. Each test case becomes a template (its steps, which are hooks, and its
 * scenario from its pickle and document) for the events; the rest answers, at the end, for the few
 * steps a row or the application map names.
 */

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

export class DefinitionsState {
  private readonly featureNames = new Map<string, string>();
  private readonly documents = new Map<string, number[]>();
  /** Steps, scenarios and example rows of the Gherkin documents, by AST node id. */
  private readonly index: DocumentIndex = { stepNodes: new Map(), scenarioLines: new Map(), rowNodes: new Map() };
  private readonly pickles = new Map<string, PickleInfo>();
  private readonly testCases = new Map<string, TestCaseInfo>();
  private readonly stepDefinitions = new Map<string, string>();
  private readonly hooks = new Map<string, [string, string | null, string | null, string | null]>();
  private readonly globals: number[] = [];
  private readonly errors: string[] = [];
  private implementation: { implementation: string | null; version: string | null } | null = null;
  envelopes = 0;
  /** Told of each test case as it is read. */
  onTemplate: (t: CaseTemplate) => void = () => {};

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
  }

  /** The pickle as the report builder sees it when its test case starts. */
  private onPickle(pickle: messages.Pickle, place: number[]): void {
    const astNodeIds = pickle.astNodeIds ?? [];
    const row = astNodeIds[1] ? this.index.rowNodes.get(astNodeIds[1]) : undefined;
    const document = this.documents.get(pickle.uri);
    this.pickles.set(pickle.id, {
      name: pickle.name ?? '',
      featureName: this.featureNames.get(pickle.uri) ?? '',
      featurePath: pickle.uri ? cleanUri(pickle.uri) : '',
      line: pickle.location?.line ?? row?.line ?? this.index.scenarioLines.get(astNodeIds[0]) ?? null,
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
    this.onTemplate({
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
  }

  /** B for a Before hook, A for an After hook: by its type, else by whether a step came before it. */
  private hookKind(hookId: string | undefined, sawStep: boolean): 'A' | 'B' {
    const type = hookId ? this.hooks.get(hookId)?.[1] : null;
    return (type ? type === 'BEFORE_TEST_CASE' : !sawStep) ? 'B' : 'A';
  }

  /** Keyword, type, text and step definitions of a test case's step, as the report builder names them. */
  info(testCaseId: string, index: number): StepInfo | null {
    const tc = this.testCases.get(testCaseId);
    const ts = tc?.steps[index];
    if (!tc || !ts) return null;
    if (ts.pickleStepId) {
      const ps = tc.pickle?.steps.find((s) => s[0] === ts.pickleStepId);
      const node = ps?.[2] !== undefined ? this.index.stepNodes.get(ps[2]) : undefined;
      const ids = ts.stepDefinitionIds ?? [];
      return [node?.keyword ?? '', node?.keywordType ?? ps?.[3] ?? 'Unknown', ps?.[1] ?? '', ids.length ? ids.map((id) => this.stepDefinitions.get(id) ?? id).join(', ') : null];
    }
    const hook = ts.hookId ? this.hooks.get(ts.hookId) : undefined;
    const kind = this.hookKind(ts.hookId, tc.steps.slice(0, index).some((s) => s.pickleStepId)) === 'B' ? 'Before' : 'After';
    return [kind, kind, hook?.[2] || `${kind} hook`, hook?.[3] ?? null];
  }
}
