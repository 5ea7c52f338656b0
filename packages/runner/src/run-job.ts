// The run process: `node packages/runner/src/run-job.ts <job.json>` (or `-`: the options come as the
// first IPC message, { type: 'start', options }). Runs the scenarios, writes the NDJSON messages to
// job.messagesFile, reports progress to the parent over IPC when there is a channel, and exits
// 0 when the run passed, 1 when it failed, 2 on an error outside the scenarios. SIGTERM, SIGINT or the
// parent going away stop it at once: its cucumber workers are threads of this process and the
// browsers (their own process groups) are killed too; the messages file then ends with a failed
// testRunFinished saying the run was stopped, and the exit code is 143. An IPC { type: 'stop', reason }
// does the same with the parent's reason.
import fs from 'node:fs';
import type { Envelope } from '@cucumber/messages';
import { isQuarantined, scenarioIdentity } from '@stepwise/shared/scenario-identity';
import { cleanUri } from './import/common.ts';
import { indexGherkinDocument, type DocumentIndex } from './report-steps.ts';
import { executeRun, failedRunFinished } from './execute.ts';
import { NdjsonWriter } from './ndjson.ts';
import type { JobMessage, JobOptions, RepairRequest } from './options.ts';
import { AI_REPAIR_CHANNEL } from './support/ai-recovery-protocol.ts';
import { killChildProcesses } from './processes.ts';

// The support code turns process.exit() in step code into a step failure: keep the real one.
const exit = process.exit.bind(process);
const STOPPED_EXIT_CODE = 143;

let writer: NdjsonWriter | null = null;
let finished = false;
let stopping = false;
let ipcMode: 'progress' | 'all' = 'progress';
let lastSend: Promise<void> = Promise.resolve();

function send(message: JobMessage | { type: 'ready' }): void {
  if (!process.send || !process.connected) return;
  lastSend = new Promise<void>((resolve) => {
    try {
      process.send!(message, undefined, {}, () => resolve());
    } catch {
      resolve();
    }
  });
}

// Progress: counts of test cases and the status of the one that just finished; `quarantined`: the
// failures among them of scenarios tagged @quarantine or flagged (job.quarantined, scenarioIdentity).
const pickleNames = new Map<string, { name: string; uri: string; tags: string[]; rowId: string | undefined }>();
const documents: DocumentIndex = { stepNodes: new Map(), scenarioLines: new Map(), rowNodes: new Map() };
let flagged: ReadonlySet<string> = new Set();
const testCasePickles = new Map<string, string>();
const startedCases = new Map<string, { testCaseId: string; worst: number }>();
const SEVERITY: Record<string, number> = { UNKNOWN: 0, PASSED: 1, SKIPPED: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };
const counts = { planned: 0, started: 0, finished: 0, passed: 0, failed: 0, quarantined: 0 };

function progress(envelope: Envelope): void {
  if (envelope.gherkinDocument) indexGherkinDocument(envelope.gherkinDocument, documents);
  else if (envelope.pickle) {
    const p = envelope.pickle;
    pickleNames.set(p.id, { name: p.name, uri: p.uri, tags: p.tags.map((t) => t.name), rowId: p.astNodeIds[1] });
  }
  else if (envelope.testCase) {
    testCasePickles.set(envelope.testCase.id, envelope.testCase.pickleId);
    counts.planned++;
  } else if (envelope.testStepFinished) {
    const c = startedCases.get(envelope.testStepFinished.testCaseStartedId);
    const s = SEVERITY[envelope.testStepFinished.testStepResult.status] ?? 0;
    if (c && s > c.worst) c.worst = s;
  } else if (envelope.testCaseStarted || envelope.testCaseFinished || envelope.testRunFinished) {
    if (ipcMode === 'progress') send({ type: 'message', envelope });
    let testCase: { id: string; name: string; uri: string; status?: string } | undefined;
    if (envelope.testCaseStarted) {
      const { id, testCaseId, attempt } = envelope.testCaseStarted;
      startedCases.set(id, { testCaseId, worst: 0 });
      if (!attempt) counts.started++;
      const pickle = pickleNames.get(testCasePickles.get(testCaseId) ?? '');
      testCase = { id, name: pickle?.name ?? '', uri: pickle?.uri ?? '' };
    } else if (envelope.testCaseFinished) {
      const { testCaseStartedId, willBeRetried } = envelope.testCaseFinished;
      const c = startedCases.get(testCaseStartedId);
      const status = Object.keys(SEVERITY).find((k) => SEVERITY[k] === (c?.worst ?? 0)) ?? 'UNKNOWN';
      const pickle = pickleNames.get(testCasePickles.get(c?.testCaseId ?? '') ?? '');
      if (!willBeRetried) {
        counts.finished++;
        if (status === 'PASSED') counts.passed++;
        else counts.failed++;
        if (status !== 'PASSED' && pickle && quarantined(pickle)) counts.quarantined++;
      }
      testCase = { id: testCaseStartedId, name: pickle?.name ?? '', uri: pickle?.uri ?? '', status: willBeRetried ? 'RETRY' : status };
      startedCases.delete(testCaseStartedId);
    }
    const event = envelope.testCaseStarted ? 'testCaseStarted' : envelope.testCaseFinished ? 'testCaseFinished' : 'testRunFinished';
    if (ipcMode === 'progress') send({ type: 'progress', event, ...counts, ...(testCase ? { testCase } : {}) });
  }
}

function quarantined(p: { name: string; uri: string; tags: string[]; rowId: string | undefined }): boolean {
  const row = p.rowId ? documents.rowNodes.get(p.rowId) : undefined;
  return isQuarantined(p.tags, scenarioIdentity(cleanUri(p.uri), p.name, row?.parameters ?? {}), flagged);
}

function onEnvelope(envelope: Envelope): void {
  if (stopping) return;
  if (envelope.testRunFinished) finished = true;
  writer?.write(envelope);
  if (ipcMode === 'all') send({ type: 'message', envelope });
  progress(envelope);
}

async function finish(code: number): Promise<never> {
  writer?.close();
  await Promise.race([lastSend, new Promise((r) => setTimeout(r, 2000))]);
  return exit(code);
}

function stop(reason: string): void {
  if (stopping) return;
  // Browsers first: they are the slow part to go and keep CPU busy.
  killChildProcesses();
  if (!finished) {
    const envelope = failedRunFinished(reason, 'Stopped');
    writer?.write(envelope);
    send({ type: 'message', envelope });
    finished = true;
  }
  stopping = true;
  void finish(STOPPED_EXIT_CODE);
  setTimeout(() => exit(STOPPED_EXIT_CODE), 1500).unref();
}

process.on('SIGTERM', () => stop('The run was stopped'));
process.on('SIGINT', () => stop('The run was stopped'));
process.on('disconnect', () => stop('The run was stopped: its parent process went away'));
// The parent may say why it stops the run (a time limit, say): { type: 'stop', reason }.
process.on('message', (m: { type?: string; reason?: unknown }) => {
  if (m?.type === 'stop') stop(typeof m.reason === 'string' && m.reason ? m.reason : 'The run was stopped');
});

/**
 * AI recovery: steps (in this thread or in cucumber's worker threads) ask on a BroadcastChannel; the
 * request goes to the parent over IPC and its answer comes back the same way.
 */
function relayRepairs(): void {
  const channel = new BroadcastChannel(AI_REPAIR_CHANNEL);
  channel.onmessage = (event) => {
    const m = (event as MessageEvent).data as { type?: string; id?: string; request?: RepairRequest };
    if (m?.type === 'request' && m.id && m.request) send({ type: 'ai-repair', id: m.id, request: m.request });
  };
  process.on('message', (m: { type?: string; id?: string; answer?: unknown }) => {
    if (m?.type === 'ai-repair-answer' && m.id) channel.postMessage({ type: 'answer', id: m.id, answer: m.answer });
  });
  process.on('exit', () => channel.close());
}

async function readJob(): Promise<JobOptions> {
  const arg = process.argv[2];
  if (arg && arg !== '-') return JSON.parse(fs.readFileSync(arg, 'utf8')) as JobOptions;
  if (!process.send) throw new Error('usage: node run-job.ts <job.json>  (or - with the options sent over IPC)');
  return new Promise<JobOptions>((resolve) => {
    process.once('message', (m: { type?: string; options?: JobOptions }) => {
      if (m?.type === 'start' && m.options) resolve(m.options);
    });
    send({ type: 'ready' });
  });
}

async function main(): Promise<void> {
  let job: JobOptions;
  try {
    job = await readJob();
  } catch (error) {
    process.stderr.write(`run-job: ${(error as Error).message}\n`);
    return void (await finish(2));
  }
  ipcMode = job.ipc ?? 'progress';
  flagged = new Set(job.quarantined ?? []);
  if (job.aiRecovery && process.send) relayRepairs();
  try {
    if (job.messagesFile) writer = new NdjsonWriter(job.messagesFile);
    const { success, error } = await executeRun(job, onEnvelope);
    if (stopping) return;
    send({ type: 'done', success, ...(error ? { error } : {}) });
    if (error) process.stderr.write(`run-job: ${error}\n`);
    await finish(success ? 0 : error ? 2 : 1);
  } catch (error) {
    if (stopping) return;
    const message = (error as Error).message || String(error);
    process.stderr.write(`run-job: ${message}\n`);
    if (!finished) onEnvelope(failedRunFinished(message));
    send({ type: 'done', success: false, error: message });
    await finish(2);
  }
}

void main();
