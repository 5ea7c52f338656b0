import type { ChildProcess } from 'node:child_process';
import { processTree, signalAll, signalGroup, type ProcessRef } from '../execution-runs/process-tree.ts';
import type { RunJob } from '../execution-runs/runner-job.ts';

const SIGKILL_AFTER_MS = 3000;

export interface JobProcessEvents {
  progress(p: { planned?: number; passed: number; failed: number; quarantined?: number }): void;
  line(text: string): void;
}

/**
 * The runner of one job on a worker, as the server runs it locally (group-runner.ts): the job is the
 * first IPC message, progress comes over IPC, output lines are passed on; `stop()` asks it to stop and
 * 3 s later kills its process group and tree; the wall-clock limit ends it too. Resolves with the exit code.
 */
export class JobProcess {
  private child: ChildProcess | null = null;
  private tree: ProcessRef[] = [];
  private killTimer: NodeJS.Timeout | null = null;
  stopped = false;

  run(launch: () => ChildProcess, job: RunJob, timeoutMs: number, events: JobProcessEvents): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = launch();
      this.child = child;
      const lines = (prefix: string) => {
        let rest = '';
        return (d: Buffer) => {
          const parts = (rest + d.toString('utf8')).split('\n');
          rest = parts.pop() ?? '';
          for (const p of parts) if (p.trim()) events.line(`${prefix}${p}`);
        };
      };
      const timer = setTimeout(() => {
        events.line(`The runner went past its time limit (${Math.round(timeoutMs / 60_000)} minutes) and was ended`);
        this.stop('The run went past its time limit');
      }, timeoutMs);
      timer.unref();
      child.stdout?.on('data', lines(''));
      child.stderr?.on('data', lines('[stderr] '));
      child.on('message', (m: { type?: string; id?: string; planned?: number; passed?: number; failed?: number; quarantined?: number; error?: string }) => {
        if (m?.type === 'ready') child.send({ type: 'start', options: job });
        else if (m?.type === 'ai-repair' && m.id) child.send({ type: 'ai-repair-answer', id: m.id, answer: { ok: false, reason: 'AI recovery is not available on run workers' } }, () => {});
        else if (m?.type === 'progress') events.progress({ planned: m.planned, passed: m.passed ?? 0, failed: m.failed ?? 0, quarantined: m.quarantined ?? 0 });
        else if (m?.type === 'done' && m.error) events.line(`Runner: ${m.error}`);
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (this.killTimer) clearTimeout(this.killTimer);
        signalGroup(child.pid!, 'SIGKILL');
        signalAll(this.tree, 'SIGKILL');
        this.child = null;
        if (signal) events.line(`Runner ended by ${signal}`);
        resolve(code ?? 2);
      });
      if (this.stopped) this.stop();
    });
  }

  stop(reason = 'The run was stopped'): void {
    this.stopped = true;
    const child = this.child;
    if (!child?.pid || this.killTimer) return;
    this.tree = processTree(child.pid);
    if (child.connected) child.send({ type: 'stop', reason }, (err) => err && signalGroup(child.pid!, 'SIGTERM'));
    else signalGroup(child.pid, 'SIGTERM');
    this.killTimer = setTimeout(() => {
      this.tree = [...this.tree, ...processTree(child.pid!)];
      signalGroup(child.pid!, 'SIGKILL');
      signalAll(this.tree, 'SIGKILL');
    }, SIGKILL_AFTER_MS);
    this.killTimer.unref();
  }
}
