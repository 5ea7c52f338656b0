import fs from 'node:fs';

/**
 * Kills this process's child processes (the browsers: Playwright starts each in a process group of its
 * own, so the group goes, renderers and all). Linux only (/proc); elsewhere the browsers still exit
 * when this process does, as their control pipe closes.
 */
export function killChildProcesses(signal: NodeJS.Signals = 'SIGKILL'): number {
  let killed = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== process.pid) continue;
    const pid = Number(name);
    const pgrp = Number(fields[2]);
    try {
      if (pgrp === pid) process.kill(-pid, signal);
      else process.kill(pid, signal);
      killed++;
    } catch {
      /* already gone */
    }
  }
  return killed;
}
