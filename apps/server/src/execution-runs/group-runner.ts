import type { ChildProcess } from 'node:child_process';
import { VIEWPORTS, DEFAULT_VIEWPORT } from '@stepwise/shared';
import type { BrowserName, RepairAnswer, RepairRequest } from '@stepwise/runner';
import { processTree, signalAll, signalGroup } from './process-tree.ts';
import { selectGroup } from './scenario-selection.ts';
import type { RunJob } from './runner-job.ts';
import type { Active } from './instance-state.ts';
import { MAX_LOG_LINE, RUN_MESSAGES, type InstanceStatusWriter } from './instance-status.ts';

const SIGKILL_AFTER_MS = 3000;

/** One scenario group of a flow, as it is run: its scenarios, threads, browser and viewport. */
export interface PlannedGroup {
  flowIndex: number;
  groupName: string;
  paths: string[];
  tags: string | null;
  expected: number;
  parallel: number;
  browser: BrowserName;
  viewport: { width: number; height: number };
  viewportLabel: string;
}

/** Flows in order, then their groups with threads and scenarios. */
export function planGroups(a: Active, features: Parameters<typeof selectGroup>[1], maxThreads: number, status: InstanceStatusWriter): PlannedGroup[] {
  const groups: PlannedGroup[] = [];
  a.execution.flows.forEach((flow, flowIndex) => {
    const vp = VIEWPORTS.find((v) => v.label === flow.viewport) ?? VIEWPORTS.find((v) => v.label === DEFAULT_VIEWPORT)!;
    for (const group of flow.scenarioGroups) {
      if (group.threadCount <= 0) continue;
      const sel = selectGroup(group, features);
      for (const ref of sel.unresolved) status.log(a, `Scenario not found on ${a.execution.branch}, skipped: ${ref}`);
      if (sel.paths.length === 0) continue;
      const threads = a.execution.isSingleThreaded ? 1 : Math.min(group.threadCount, maxThreads);
      groups.push({
        flowIndex,
        groupName: group.name,
        paths: sel.paths,
        tags: sel.tags,
        expected: sel.expected,
        parallel: Math.max(1, Math.min(threads, sel.expected)),
        browser: flow.browser,
        viewport: { width: vp.width, height: vp.height },
        viewportLabel: vp.label,
      });
    }
  });
  return groups;
}

/** How a job's runner process is started (in the sandbox, or as a plain child): stdio ends with an IPC channel. */
export type LaunchRunner = () => ChildProcess;

/** Signs in the runner's stderr that it died for want of memory (its RLIMIT_DATA in the sandbox). */
const OUT_OF_MEMORY = /heap out of memory|Cannot allocate memory|ENOMEM|Fatal process out of memory/;

/**
 * Runs one group: the runner in its own process group with IPC (the job is its first message);
 * resolves with its exit code (null: halted before it started). A runner still going after
 * `timeoutMs` is ended, and `a.limit` says why.
 */
export function runJob(
  a: Active,
  job: RunJob,
  launch: LaunchRunner,
  status: InstanceStatusWriter,
  limits: { timeoutMs: number; memoryMb: number },
  repair?: (request: RepairRequest) => Promise<RepairAnswer>,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (a.halted) return resolve(null);
    let child: ChildProcess;
    try {
      child = launch();
    } catch (err) {
      return reject(err);
    }
    a.child = child;
    let outOfMemory = false;
    // The runner says 'ready' first: a process that ends without it never ran (the sandbox could not start, say).
    let ready = false;
    const lines = (prefix: string) => {
      let rest = '';
      return (d: Buffer) => {
        const parts = (rest + d.toString('utf8')).split('\n');
        rest = parts.pop() ?? '';
        if (rest.length > MAX_LOG_LINE) {
          parts.push(rest);
          rest = '';
        }
        for (const p of parts) {
          if (!p.trim()) continue;
          if (prefix && OUT_OF_MEMORY.test(p)) outOfMemory = true;
          status.log(a, `${prefix}${p}`);
        }
      };
    };
    const timer = setTimeout(() => {
      a.limit = RUN_MESSAGES.timeLimit(limits.timeoutMs);
      status.log(a, a.limit);
      terminate(a, a.limit);
    }, limits.timeoutMs);
    timer.unref();
    child.stdout?.on('data', lines(''));
    child.stderr?.on('data', lines('[stderr] '));
    child.on('message', (m: { type?: string; id?: string; request?: RepairRequest }) => {
      if (m?.type === 'ready') {
        ready = true;
        child.send({ type: 'start', options: job });
      } else if (m?.type === 'ai-repair' && m.id && m.request) {
        // AI recovery: a step of this run asks for a repaired locator.
        const id = m.id;
        const answer = repair ? repair(m.request).catch((e: unknown) => ({ ok: false as const, reason: `The AI could not answer: ${(e as Error).message}` })) : Promise.resolve({ ok: false as const, reason: 'AI recovery is off for this run' });
        void answer.then((a2) => child.connected && child.send({ type: 'ai-repair-answer', id, answer: a2 }, () => {}));
      } else onProgress(a, m, status);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      a.child = null;
      reject(err);
    });
    // 'close' comes after the last IPC message and output line.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      a.child = null;
      if (a.killTimer) clearTimeout(a.killTimer);
      a.killTimer = null;
      // Whatever the runner left behind in its group (a browser it could not close) goes with it.
      signalGroup(child.pid!, 'SIGKILL');
      signalAll(a.tree, 'SIGKILL');
      if (outOfMemory && !a.limit) {
        a.limit = RUN_MESSAGES.memoryLimit(limits.memoryMb);
        status.log(a, a.limit);
      }
      if (signal) status.log(a, `Runner ended by ${signal}`);
      else if (code !== 0 && code !== 1) status.log(a, `Runner exited with code ${code}`);
      if (!ready && !a.halted && !signal) {
        status.log(a, 'The runner did not start');
        return resolve(2);
      }
      resolve(code ?? -1);
    });
    if (a.halted) terminate(a);
  });
}

/**
 * Asks the runner to stop (IPC, with the reason its report will give; SIGTERM to its process group
 * when the channel is gone), and 3 s later SIGKILLs the group and every process of its tree (a
 * sandbox's whole PID namespace goes with its bubblewrap parent).
 */
export function terminate(a: Active, reason = 'The run was stopped'): void {
  const child = a.child;
  if (!child?.pid || a.killTimer) return;
  a.tree = processTree(child.pid);
  if (child.connected) child.send({ type: 'stop', reason }, (err) => err && signalGroup(child.pid!, 'SIGTERM'));
  else signalGroup(child.pid, 'SIGTERM');
  a.killTimer = setTimeout(() => {
    a.tree = [...a.tree, ...processTree(child.pid!)];
    signalGroup(child.pid!, 'SIGKILL');
    signalAll(a.tree, 'SIGKILL');
  }, SIGKILL_AFTER_MS);
  a.killTimer.unref();
}

/**
 * IPC from the runner: `progress` carries the job's running totals (planned, passed, failed), added
 * to what the instance's earlier groups finished with.
 */
export function onProgress(a: Active, message: unknown, status: InstanceStatusWriter): void {
  if (!message || typeof message !== 'object') return;
  const m = message as Partial<{ type: string; planned: number; passed: number; failed: number; quarantined: number; error: string }>;
  if (m.type === 'done' && m.error) status.log(a, `Runner: ${m.error}`);
  if (m.type !== 'progress' || !a.progress) return;
  const p = a.progress;
  if (typeof m.planned === 'number' && m.planned > 0) p.jobPlanned = m.planned;
  p.jobPassed = num(m.passed);
  p.jobFailed = num(m.failed);
  p.jobQuarantined = Math.min(num(m.quarantined), p.jobFailed);
  applyProgress(a, status);
}

function applyProgress(a: Active, status: InstanceStatusWriter): void {
  const p = a.progress!;
  a.live.scenariosPassed = p.donePassed + p.jobPassed;
  // Quarantined failures are out of the verdict: counted apart, never as failed.
  a.live.scenariosQuarantined = p.doneQuarantined + p.jobQuarantined;
  a.live.scenariosFailed = p.doneFailed + p.jobFailed - a.live.scenariosQuarantined;
  const done = a.live.scenariosPassed + a.live.scenariosFailed + a.live.scenariosQuarantined;
  a.live.totalScenarios = Math.max(p.doneTotal + p.jobPlanned + p.laterExpected, done);
  if (!a.halted) a.live.verboseStatus = RUN_MESSAGES.running(done, a.live.totalScenarios);
  status.publishUpdate(a);
  status.schedulePersist(a);
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
