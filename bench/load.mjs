// The machine made busy on purpose: BENCH_LOAD=<n> (default 1) busy-loop processes run beside a
// benchmark while it measures, so that a goal is met on a machine doing other work, not only on a quiet
// one. Each is a plain Node process spinning at normal priority (one core's worth of CPU demand).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { KILLED_WITH_PARENT } from '../apps/server/src/sandbox/sandbox-layout.ts';

/** Starts the load; the returned function stops it. */
export function startLoad(count = Number(process.env.BENCH_LOAD ?? 1)) {
  const children = Array.from({ length: Math.max(0, count) }, () =>
    // With a parent-death signal: a bench that is killed takes its load with it.
    spawn(KILLED_WITH_PARENT[0], [...KILLED_WITH_PARENT.slice(1), process.execPath, '-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
  return {
    count: children.length,
    describe: () => `${children.length} busy-loop process(es) beside it (BENCH_LOAD); ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    stop: () => children.forEach((c) => c.kill('SIGKILL')),
  };
}
