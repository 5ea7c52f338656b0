import { spawn } from 'node:child_process';
import type { Envelope } from '@cucumber/messages';
import type { RunReport } from '@stepwise/shared';
import type { JobMessage, JobOptions, RepairAnswer, RepairRequest, RunOptions } from './options.ts';
import { RUN_JOB_FILE } from './paths.ts';
import { ReportBuilder, type AttachmentBlob, type ReportMeta } from './report-builder.ts';

export type { BrowserName, JobMessage, JobOptions, LocatorReplacement, RepairAnswer, RepairRequest, RunOptions, ScreenshotMode } from './options.ts';
export type { StoredUser } from './support/parameters.ts';
export { BUILTIN_LIBRARY_PATH, COMPILE_WARMUP_FILE, RUN_JOB_FILE, RUNNER_DIR, runnerCodePaths } from './paths.ts';
export { chromiumPathOf } from './options.ts';
export { messagesToReport, ReportBuilder, timestampToIso, type AttachmentBlob, type ReportMeta, type ReportWithAttachments } from './report-builder.ts';
export { readNdjson } from './ndjson.ts';
export { cucumberJsonToReport, detectFormat, junitXmlToReport, REPORT_FORMATS, ReportImportError, type ImportedReport, type ReportFormat } from './import/index.ts';
export { prepareWorkspace } from './workspace.ts';
export { AI_RECOVERY_COMMAND, failedLocatorOf, plainMessage } from './support/ai-recovery-protocol.ts';
export { TRIAL_JOB_FILE, type TrialOptions, type TrialReply, type TrialRequest, type TrialSnapshot } from './trial/trial-protocol.ts';

export interface RunResult {
  success: boolean;
  report: RunReport;
  /** Attachment bodies by the ids the report's steps refer to (screenshots, files). */
  attachments: Map<string, AttachmentBlob>;
}

/** Grace between SIGTERM and SIGKILL of the run process when the run is aborted. */
const KILL_GRACE_MS = 2500;
const STDERR_TAIL = 8192;

export function reportMetaOf(opts: Pick<RunOptions, 'runName' | 'mode' | 'username' | 'env' | 'branch' | 'browser' | 'viewport'>): ReportMeta {
  const viewport = opts.viewport ?? { width: 1024, height: 768 };
  return {
    name: opts.runName ?? 'Run',
    mode: opts.mode ?? 'local',
    username: opts.username ?? null,
    env: { name: opts.env.name, baseUrl: opts.env.baseUrl ?? null },
    branch: opts.branch ?? null,
    browser: opts.browser ?? 'chromium',
    viewport: `${viewport.width}x${viewport.height}`,
  };
}

/**
 * Runs scenarios for real and returns their report. The run happens in a child process (run-job.ts):
 * cucumber-js with its worker threads and the browsers live and die there, so that a step that hangs
 * or crashes cannot take the caller down, every run loads its step files afresh, and an abort
 * (`signal`) ends everything within a few seconds. Every message comes back over IPC, live.
 */
export function runScenarios(opts: RunOptions): Promise<RunResult> {
  const { onMessage, signal, launch, repairLocator, ...rest } = opts;
  const job: JobOptions = { ...rest, ipc: 'all', ...(repairLocator ? { aiRecovery: true } : {}) };
  const builder = new ReportBuilder(reportMetaOf(opts));
  return new Promise<RunResult>((resolve) => {
    const child = launch
      ? launch([process.execPath, RUN_JOB_FILE, '-'])
      : spawn(process.execPath, [RUN_JOB_FILE, '-'], {
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
          serialization: 'advanced',
          detached: true,
          env: process.env,
        });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    let aborted = false;
    let killTimer: NodeJS.Timeout | null = null;
    const abort = () => {
      if (aborted || child.exitCode !== null) return;
      aborted = true;
      // The run process stops on its own when asked (writing why); SIGTERM when it cannot be asked.
      if (child.connected) child.send({ type: 'stop', reason: 'The run was stopped' }, (err) => err && child.kill('SIGTERM'));
      else child.kill('SIGTERM');
      killTimer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, KILL_GRACE_MS);
    };
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });

    child.on('message', (m: JobMessage | { type: 'ready' }) => {
      if (m.type === 'ready') child.send({ type: 'start', options: job });
      else if (m.type === 'message') {
        builder.add(m.envelope);
        if (onMessage) {
          try {
            onMessage(m.envelope);
          } catch {
            /* the caller's business */
          }
        }
      } else if (m.type === 'ai-repair') {
        answerRepair(m, repairLocator, (answer) => {
          if (child.connected) child.send({ type: 'ai-repair-answer', id: m.id, answer }, () => {});
        });
      }
    });
    child.once('error', (error) => {
      builder.addError(`The run process could not start: ${error.message}`);
    });
    child.once('close', (code, sig) => {
      if (killTimer) clearTimeout(killTimer);
      signal?.removeEventListener('abort', abort);
      if (!builder.finished) {
        const detail = stderr.trim().split('\n').slice(-5).join('\n');
        builder.addError(aborted ? 'The run was stopped' : `The run process ended unexpectedly (${sig ? `signal ${sig}` : `exit code ${code}`})${detail ? `: ${detail}` : ''}`);
      }
      const { report, attachments } = builder.build();
      resolve({ success: report.success && !aborted, report, attachments });
    });
  });
}

function answerRepair(m: { request: RepairRequest }, repair: RunOptions['repairLocator'], reply: (answer: RepairAnswer) => void): void {
  if (!repair) return reply({ ok: false, reason: 'AI recovery is off for this run' });
  repair(m.request).then(reply, (error: unknown) => reply({ ok: false, reason: `The AI could not answer: ${(error as Error).message}` }));
}

/** Envelope type of the Cucumber messages (re-exported for callers of onMessage). */
export type { Envelope };
