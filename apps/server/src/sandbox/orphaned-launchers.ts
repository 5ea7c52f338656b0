import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_HOSTNAME } from './sandbox-layout.ts';

/**
 * Processes of the run sandbox's network launcher (pasta) that outlived the server that started
 * them: parent init, command pasta (or passt, its other name), with the sandbox's own bwrap
 * arguments (`--hostname stepwise-run`). pasta now and then forks a process that keeps running after
 * pasta itself ends; when a server is killed, pasta dies with it (its parent-death signal) but a
 * forked process keeps no such signal, and nothing of ours is left to end it (SECURITY.md). The
 * sandbox's start ends them, on any server of the machine. A live launcher's parent is its server,
 * and a process it forked has the launcher for parent: neither is touched.
 */
export function orphanedLaunchers(hostname: string = SANDBOX_HOSTNAME, procRoot = '/proc'): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(path.join(procRoot, entry, 'stat'), 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so from the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== 1) continue;
      const argv = fs.readFileSync(path.join(procRoot, entry, 'cmdline'), 'utf8').split('\0');
      if (!/^pas(ta|st)/.test(path.basename(argv[0] ?? ''))) continue;
      const at = argv.indexOf('--hostname');
      if (at >= 0 && argv[at + 1] === hostname) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** SIGKILL to each orphaned launcher process (`hostname`: the sandbox's, tests name their own); the pids it ended. */
export function endOrphanedLaunchers(hostname: string = SANDBOX_HOSTNAME): number[] {
  const ended: number[] = [];
  for (const pid of orphanedLaunchers(hostname)) {
    try {
      process.kill(pid, 'SIGKILL');
      ended.push(pid);
    } catch {
      // Gone, or another user's.
    }
  }
  return ended;
}
