import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { VIEWPORTS, DEFAULT_VIEWPORT } from '@stepwise/shared';
import type { BrowserName } from '@stepwise/runner';
import { processTree, signalAll, signalGroup } from './process-tree.ts';
import { selectGroup } from './scenario-selection.ts';
import { RUN_JOB_ENTRY, runnerEnv, type RunJob } from './runner-job.ts';
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

/** Runs one group: the runner in its own process group with IPC; resolves with its exit code (null: halted before it started). */
export function runJob(a: Active, job: RunJob, jobFile: string, status: InstanceStatusWriter): Promise<number | null> {
  return new Promise((resolve, reject) => {
    fs.writeFile(jobFile, JSON.stringify(job), { mode: 0o600 })
      .then(() => {
        if (a.halted) return resolve(null);
        const child = spawn(process.execPath, [RUN_JOB_ENTRY, jobFile], {
          cwd: job.workDir,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
          env: runnerEnv(),
        });
        a.child = child;
        const lines = (prefix: string) => {
          let rest = '';
          return (d: Buffer) => {
            const parts = (rest + d.toString('utf8')).split('\n');
            rest = parts.pop() ?? '';
            if (rest.length > MAX_LOG_LINE) {
              parts.push(rest);
              rest = '';
            }
            for (const p of parts) if (p.trim()) status.log(a, `${prefix}${p}`);
          };
        };
        child.stdout?.on('data', lines(''));
        child.stderr?.on('data', lines('[stderr] '));
        child.on('message', (m) => onProgress(a, m, status));
        child.on('error', (err) => {
          a.child = null;
          reject(err);
        });
        // 'close' comes after the last IPC message and output line.
        child.on('close', (code, signal) => {
          a.child = null;
          if (a.killTimer) clearTimeout(a.killTimer);
          a.killTimer = null;
          // Whatever the runner left behind in its group (a browser it could not close) goes with it.
          signalGroup(child.pid!, 'SIGKILL');
          signalAll(a.tree, 'SIGKILL');
          if (signal) status.log(a, `Runner ended by ${signal}`);
          else if (code !== 0 && code !== 1) status.log(a, `Runner exited with code ${code}`);
          resolve(code ?? -1);
        });
        if (a.halted) terminate(a);
      })
      .catch(reject);
  });
}

/** SIGTERM to the runner's process group; SIGKILL to the group and every process of its tree 3 s later. */
export function terminate(a: Active): void {
  const child = a.child;
  if (!child?.pid || a.killTimer) return;
  a.tree = processTree(child.pid);
  signalGroup(child.pid, 'SIGTERM');
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
function onProgress(a: Active, message: unknown, status: InstanceStatusWriter): void {
  if (!message || typeof message !== 'object') return;
  const m = message as Partial<{ type: string; planned: number; passed: number; failed: number; error: string }>;
  if (m.type === 'done' && m.error) status.log(a, `Runner: ${m.error}`);
  if (m.type !== 'progress' || !a.progress) return;
  const p = a.progress;
  if (typeof m.planned === 'number' && m.planned > 0) p.jobPlanned = m.planned;
  p.jobPassed = num(m.passed);
  p.jobFailed = num(m.failed);
  applyProgress(a, status);
}

function applyProgress(a: Active, status: InstanceStatusWriter): void {
  const p = a.progress!;
  a.live.scenariosPassed = p.donePassed + p.jobPassed;
  a.live.scenariosFailed = p.doneFailed + p.jobFailed;
  a.live.totalScenarios = Math.max(p.doneTotal + p.jobPlanned + p.laterExpected, a.live.scenariosPassed + a.live.scenariosFailed);
  if (!a.halted) a.live.verboseStatus = RUN_MESSAGES.running(a.live.scenariosPassed + a.live.scenariosFailed, a.live.totalScenarios);
  status.publishUpdate(a);
  status.schedulePersist(a);
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
