import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Insertable } from 'kysely';
import type { TestCasesTable } from '../../db/schema.ts';
import { ReportFormatError } from '../ndjson-lines.ts';
import { testCaseColumns } from '../test-case-columns.ts';
import { CaseRows } from './case-rows.ts';
import { EventsState } from './events-state.ts';
import type { Definitions, DefinitionsToEvents, EventsToDefinitions, IngestRunInput, LineProblem, MainToWorker, StepInfo, WorkerToMain } from './ingest-protocol.ts';
import { LineScanner, problemOf } from './line-scanner.ts';

/**
 * The ingest's events worker: reads what happened to the test cases as the report arrives, makes each
 * finished test case's row (with its template from the definitions worker) and sends the rows to the
 * main thread in batches; once both workers have read the whole report, the rest (held rows, replaced
 * attempts, the run's row, the index of where each test case's messages are).
 */

const ROW_BATCH = 1000;

class EventsJob {
  private readonly scanner: LineScanner;
  private readonly state = new EventsState();
  private readonly rows: CaseRows;
  private readonly port: MessagePort;
  private batch: Insertable<TestCasesTable>[] = [];
  private problem: LineProblem | null = null;
  private definitions: Definitions | null = null;
  private answer: ((infos: Array<StepInfo | null>) => void) | null = null;
  private scanned = false;
  private ended = false;

  constructor(sab: SharedArrayBuffer, run: IngestRunInput, port: MessagePort) {
    this.scanner = new LineScanner(sab);
    this.rows = new CaseRows(run);
    this.port = port;
    this.state.onReady = (c) => {
      if (this.problem) return;
      const row = this.rows.fold(c);
      if (row) this.batch.push(row);
      if (this.batch.length >= ROW_BATCH) this.flush();
    };
    port.on('message', (m: DefinitionsToEvents) => {
      try {
        if (m.kind === 'templates') for (const t of m.templates) this.state.addTemplate(t);
        else if (m.kind === 'infos') this.answer?.(m.infos);
        else {
          this.definitions = m;
          this.finish().catch(fail);
        }
      } catch (err) {
        fail(err);
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
    if (!this.problem && this.batch.length) this.flush();
    if (final) {
      this.scanned = true;
      this.finish().catch(fail);
    }
  }

  private flush(): void {
    post({ kind: 'rows', columns: testCaseColumns(this.batch), count: this.batch.length });
    this.batch = [];
  }

  /** Once both workers have read everything: the first problem of either, or the rest of the run. */
  private async finish(): Promise<void> {
    const defs = this.definitions;
    if (!this.scanned || !defs || this.ended) return;
    this.ended = true;
    try {
      const problem = [this.problem, defs.problem].filter((p): p is LineProblem => p !== null).sort((a, b) => a.line - b.line)[0] ?? null;
      const envelopes = this.state.envelopes + defs.envelopes;
      if (problem || envelopes === 0) {
        post({ kind: 'result', problem, envelopes, testCases: this.state.order.length });
        return;
      }
      const end = await this.rows.end(this.state, defs, (requests) => this.ask(requests));
      this.batch.push(...end.rows);
      if (this.batch.length) this.flush();
      const result: WorkerToMain = {
        kind: 'result',
        problem: null,
        envelopes,
        testCases: this.state.order.length,
        run: end.run,
        counts: end.counts,
        status: end.status,
        superseded: end.superseded,
        index: end.index,
        attachments: this.state.attachments,
        memory: end.memory,
        hasErrors: end.hasErrors,
      };
      parentPort!.postMessage(result, [end.index]);
    } finally {
      this.port.close();
    }
  }

  private ask(requests: Array<[string, number]>): Promise<Array<StepInfo | null>> {
    return new Promise((resolve) => {
      this.answer = resolve;
      this.port.postMessage({ kind: 'infos', requests } satisfies EventsToDefinitions);
    });
  }
}

function post(message: WorkerToMain): void {
  parentPort!.postMessage(message);
}

function fail(err: unknown): void {
  post({ kind: 'failed', message: (err as Error).stack ?? String(err) });
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
    fail(err);
  }
});
