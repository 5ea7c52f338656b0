import type { Envelope, TestStepResultStatus } from '@cucumber/messages';

const ORDER: TestStepResultStatus[] = ['PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED', 'UNKNOWN'] as TestStepResultStatus[];
const worse = (a: TestStepResultStatus, b: TestStepResultStatus) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a);
const MARK: Record<string, string> = { PASSED: '✓', FAILED: '✗', UNDEFINED: '?', AMBIGUOUS: '!', SKIPPED: '-', PENDING: '…', UNKNOWN: '?' };

export interface Tally {
  total: number;
  finished: number;
  passed: number;
  failed: number;
}

interface Started {
  testCaseId: string;
  status: TestStepResultStatus;
  failure: string | null;
  steps: string[];
}

/**
 * Turns the live Cucumber messages of a run into console progress: one line per finished scenario
 * ("[3/10] ✓ Checkout > Pay by card (1.2 s)"), with the failing step's message under a failure, and
 * in `pretty` format every step. The tally counts a retried scenario once.
 */
export class ProgressPrinter {
  readonly tally: Tally = { total: 0, finished: 0, passed: 0, failed: 0 };
  private readonly pickles = new Map<string, { name: string; uri: string; steps: Map<string, string> }>();
  private readonly testCases = new Map<string, { pickleId: string; steps: Map<string, string> }>();
  private readonly started = new Map<string, Started & { at: number }>();
  private readonly features = new Map<string, string>();

  private readonly write: (line: string) => void;
  private readonly pretty: boolean;

  constructor(write: (line: string) => void, pretty = false) {
    this.write = write;
    this.pretty = pretty;
  }

  onMessage(m: Envelope): void {
    if (m.gherkinDocument?.uri && m.gherkinDocument.feature) this.features.set(m.gherkinDocument.uri, m.gherkinDocument.feature.name);
    if (m.pickle) {
      this.pickles.set(m.pickle.id, { name: m.pickle.name, uri: m.pickle.uri, steps: new Map(m.pickle.steps.map((s) => [s.id, s.text])) });
    } else if (m.testCase) {
      const steps = new Map<string, string>();
      const pickle = this.pickles.get(m.testCase.pickleId);
      for (const s of m.testCase.testSteps) if (s.pickleStepId) steps.set(s.id, pickle?.steps.get(s.pickleStepId) ?? '');
      this.testCases.set(m.testCase.id, { pickleId: m.testCase.pickleId, steps });
      this.tally.total++;
    } else if (m.testCaseStarted) {
      this.started.set(m.testCaseStarted.id, { testCaseId: m.testCaseStarted.testCaseId, status: 'PASSED' as TestStepResultStatus, failure: null, steps: [], at: Date.now() });
    } else if (m.testStepFinished) {
      const s = this.started.get(m.testStepFinished.testCaseStartedId);
      if (!s) return;
      const r = m.testStepFinished.testStepResult;
      s.status = worse(s.status, r.status);
      if (!s.failure && r.status !== 'PASSED' && r.status !== 'SKIPPED' && r.message) s.failure = r.message.split('\n')[0];
      const text = this.testCases.get(s.testCaseId)?.steps.get(m.testStepFinished.testStepId);
      if (text !== undefined) s.steps.push(`      ${MARK[r.status] ?? '?'} ${text}`);
    } else if (m.testCaseFinished) {
      const s = this.started.get(m.testCaseFinished.testCaseStartedId);
      if (!s) return;
      if (m.testCaseFinished.willBeRetried) return;
      this.tally.finished++;
      if (s.status === 'PASSED') this.tally.passed++;
      else this.tally.failed++;
      const pickle = this.pickles.get(this.testCases.get(s.testCaseId)?.pickleId ?? '');
      const feature = pickle ? (this.features.get(pickle.uri) ?? pickle.uri) : '';
      const secs = ((Date.now() - s.at) / 1000).toFixed(1);
      const label = s.status === 'PASSED' ? 'passed' : s.status.toLowerCase();
      this.write(`[${this.tally.finished}/${this.tally.total}] ${MARK[s.status] ?? '?'} ${feature} > ${pickle?.name ?? '?'} (${label}, ${secs} s)`);
      if (this.pretty) for (const line of s.steps) this.write(line);
      if (s.failure) this.write(`      ${s.failure}`);
    }
  }

  summary(seconds: number): string {
    const { finished, passed, failed } = this.tally;
    return `${finished} scenario${finished === 1 ? '' : 's'}: ${passed} passed, ${failed} failed (${seconds.toFixed(1)} s)`;
  }
}
