import { parentPort } from 'node:worker_threads';
import { parseEnvelopeLine, ReportFormatError } from '../ndjson-lines.ts';
import { CaseRows } from './case-rows.ts';
import { DefinitionsState } from './definitions-state.ts';
import { EventsState } from './events-state.ts';
import { DEFINITION_TYPES, EVENT_TYPES, type IngestRunInput, type LineProblem, type MainToWorker, type WorkerToMain } from './ingest-protocol.ts';
import { LineScanner, problemOf, typeOfEnvelope, type ScannedLine } from './line-scanner.ts';

/**
 * The ingest's worker thread: reads a report's lines as they arrive in the shared buffer, makes each
 * finished test case's row and sends the rows to the main thread in batches; once every line was
 * read, the rest (held rows, replaced attempts, the run's row, the index of where each test case's
 * messages are), or the first problem of the report.
 */

const ROW_BATCH = 1000;

class IngestJob {
  private readonly scanner: LineScanner;
  private readonly defs: DefinitionsState;
  private readonly events: EventsState;
  private readonly rows: CaseRows;
  private problem: LineProblem | null = null;
  private others = 0;

  constructor(sab: SharedArrayBuffer, run: IngestRunInput) {
    this.scanner = new LineScanner(sab);
    const { scanner } = this;
    this.events = new EventsState(() => scanner.bytes);
    this.defs = new DefinitionsState(
      (start, length) => parseEnvelopeLine(scanner.bytes.toString('utf8', start, start + length), () => lineAt(scanner.bytes, start), false),
      () => scanner.bytes,
    );
    this.rows = new CaseRows(run, (requests) => requests.map(([t, index]) => this.defs.info(t, index)), () => scanner.bytes);
    this.defs.onTemplate = (t) => this.events.addTemplate(t);
    this.events.onReady = (c) => this.rows.fold(c);
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
    if (this.problem) return final ? this.finish() : undefined;
    if (this.rows.literals.count >= ROW_BATCH || (final && this.rows.literals.count)) this.flush();
    if (final) this.finish();
  }

  private line(line: ScannedLine): boolean {
    try {
      const type = this.scanner.typeOf(line);
      if (type === '') return true;
      if (type !== null && EVENT_TYPES.has(type)) {
        this.events.line(this.scanner, line, type);
        return true;
      }
      if ((type === 'testCase' || type === 'pickle' || type === 'gherkinDocument' || type === 'source') && this.defs.scanned(type, this.scanner.bytes, line.start, line.stop)) return true;
      const envelope = this.scanner.envelope(line);
      if (!envelope) return true;
      const actual = type ?? typeOfEnvelope(envelope);
      if (DEFINITION_TYPES.has(actual)) this.defs.envelope(envelope, line.start, line.stop - line.start);
      else if (EVENT_TYPES.has(actual)) this.events.envelope(envelope, line);
      else this.others++;
      return true;
    } catch (err) {
      if (!(err instanceof ReportFormatError)) throw err;
      this.problem = { line: line.lineNo, message: /^Line \d+/.test(err.message) ? err.message : `Line ${line.lineNo}: ${err.message}` };
      return false;
    }
  }

  private flush(): void {
    const count = this.rows.literals.count;
    post({ kind: 'rows', batch: this.rows.literals.take(), count });
  }

  /** Every line was read: the first problem, or the rest of the run. */
  private finish(): void {
    const envelopes = this.events.envelopes + this.defs.envelopes + this.others;
    if (this.problem || envelopes === 0) {
      post({ kind: 'result', problem: this.problem, envelopes, testCases: this.events.order.length });
      return;
    }
    const end = this.rows.end(this.events, this.defs.summary());
    if (this.rows.literals.count) this.flush();
    const result: WorkerToMain = {
      kind: 'result',
      problem: null,
      envelopes,
      testCases: this.events.order.length,
      run: end.run,
      counts: end.counts,
      status: end.status,
      superseded: end.superseded,
      index: end.index,
      attachments: this.events.attachments,
      memory: end.memory,
      hasErrors: end.hasErrors,
    };
    parentPort!.postMessage(result, [end.index]);
  }
}

/** The line number (from 1) of the line starting at byte `start`: counted only for a line refused when read again. */
function lineAt(bytes: Buffer, start: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < start; i = bytes.indexOf(0x0a, i + 1)) line++;
  return line;
}

function post(message: WorkerToMain): void {
  parentPort!.postMessage(message);
}

let job: IngestJob | null = null;
parentPort!.on('message', (m: MainToWorker) => {
  try {
    if (m.kind === 'start') job = new IngestJob(m.job.sab, m.job.run);
    else if (job) {
      job.data(m.end, m.final);
      if (m.final) job = null;
    }
  } catch (err) {
    job = null;
    post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
  }
});
