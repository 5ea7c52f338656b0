import { parentPort, type MessagePort } from 'node:worker_threads';
import { ReportFormatError } from '../ndjson-lines.ts';
import { testCaseColumns } from '../test-case-columns.ts';
import { EventsState } from './events-state.ts';
import { joinRun, type Definitions } from './ingest-join.ts';
import type { DefinitionsToEvents, IngestRunInput, LineProblem, MainToWorker, PickleRecord, WorkerToMain } from './ingest-protocol.ts';
import { LineScanner, problemOf } from './line-scanner.ts';

/**
 * The ingest's events worker: reads the test cases and everything that happened to them as the report
 * arrives, takes the pickles from the definitions worker, and once both have read the whole report
 * joins them into the run's rows (as column literals, ready for one insert).
 */

class EventsJob {
  private readonly scanner: LineScanner;
  private readonly state = new EventsState();
  private readonly pickles = new Map<string, PickleRecord>();
  private readonly run: IngestRunInput;
  private problem: LineProblem | null = null;
  private definitions: Definitions | null = null;
  private scanned = false;

  constructor(sab: SharedArrayBuffer, run: IngestRunInput, port: MessagePort) {
    this.scanner = new LineScanner(sab);
    this.run = run;
    port.on('message', (m: DefinitionsToEvents) => {
      if (m.kind === 'pickles') for (const p of m.pickles) this.pickles.set(p.id, p);
      else {
        this.definitions = m;
        port.close();
        try {
          this.finish();
        } catch (err) {
          post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
        }
      }
    });
  }

  data(end: number, final: boolean): void {
    if (!this.problem) {
      try {
        this.scanner.scan(end, final, (line) => {
          try {
            this.state.line(this.scanner, line);
            return true;
          } catch (err) {
            if (!(err instanceof ReportFormatError)) throw err;
            this.problem = { line: line.lineNo, message: err.message };
            return false;
          }
        });
      } catch (err) {
        if (!(err instanceof ReportFormatError)) throw err;
        this.problem = problemOf(err);
      }
    }
    if (final) {
      this.scanned = true;
      this.finish();
    }
  }

  /** Once both workers have read everything: the first problem of either, or the run's rows. */
  private finish(): void {
    const defs = this.definitions;
    if (!this.scanned || !defs) return;
    const problems = [this.problem, defs.problem].filter((p): p is LineProblem => p !== null);
    const problem = problems.sort((a, b) => a.line - b.line)[0] ?? null;
    const envelopes = this.state.envelopes + defs.envelopes;
    if (problem || envelopes === 0) {
      post({ kind: 'result', problem, envelopes, testCases: this.state.order.length });
      return;
    }
    const joined = joinRun(this.state, this.pickles, defs, this.run);
    post({
      kind: 'result',
      problem: null,
      envelopes,
      testCases: joined.testCases,
      run: { ...joined.run, source_lines: defs.globals },
      columns: testCaseColumns(joined.cases),
      counts: joined.counts,
      status: joined.status,
      attachments: this.state.attachments,
      memory: joined.memory,
      hasErrors: joined.hasErrors,
    });
  }
}

function post(message: WorkerToMain): void {
  parentPort!.postMessage(message);
}

let job: EventsJob | null = null;
parentPort!.on('message', (m: MainToWorker) => {
  try {
    if (m.kind === 'start') job = new EventsJob(m.job.sab, m.job.run!, m.port);
    else if (job) {
      job.data(m.end, m.final);
      if (m.final) job = null;
    }
  } catch (err) {
    job = null;
    post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
  }
});
