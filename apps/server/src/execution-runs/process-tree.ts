import fs from 'node:fs';

/** A process as seen in /proc: its id and start time (so that a reused id is never taken for it). */
export interface ProcessRef {
  pid: number;
  startTime: string;
}

function readStat(pid: number): { ppid: number; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), startTime: rest[19] };
  } catch {
    return null;
  }
}

/** The process and all its descendants (Linux /proc; elsewhere just the process). */
export function processTree(rootPid: number): ProcessRef[] {
  const rootStat = readStat(rootPid);
  if (!rootStat) return [];
  const children = new Map<number, number[]>();
  let pids: number[];
  try {
    pids = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return [{ pid: rootPid, startTime: rootStat.startTime }];
  }
  const starts = new Map<number, string>();
  for (const pid of pids) {
    const s = readStat(pid);
    if (!s) continue;
    starts.set(pid, s.startTime);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  const out: ProcessRef[] = [];
  const stack = [rootPid];
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const startTime = pid === rootPid ? rootStat.startTime : starts.get(pid);
    if (startTime !== undefined) out.push({ pid, startTime });
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** True while the process runs (a zombie counts as gone), and is the same process as when recorded. */
export function isAlive(ref: ProcessRef): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${ref.pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[0] !== 'Z' && rest[19] === ref.startTime;
  } catch {
    return false;
  }
}

/** Sends a signal to a process group; false when it no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Sends a signal to each recorded process still alive (those that left the group, or were reparented). */
export function signalAll(refs: readonly ProcessRef[], signal: NodeJS.Signals): void {
  for (const ref of refs) {
    if (!isAlive(ref)) continue;
    try {
      process.kill(ref.pid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
}
