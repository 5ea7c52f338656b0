// CPU time of processes, read from /proc (Linux): what a bench charges to the server it measures.
import fs from 'node:fs';

/** A process's CPU milliseconds so far (user + system, every thread; clock ticks of 10 ms). */
export function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's helper that starts git for it (apps/server/src/processes/spawn-helper.ts), once it runs. */
export function spawnHelperOf(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.find((c) => {
    try {
      return fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('spawn-helper-child');
    } catch {
      return false;
    }
  });
}
