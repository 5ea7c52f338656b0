// The spawn helper (spawn-helper.ts): a small Node process that starts programs for the server and
// relays their standard streams over its IPC channel. Started by the server only; exits with it.
import { spawn, type ChildProcess } from 'node:child_process';
import type { HelperReply, HelperRequest } from './spawn-helper-protocol.ts';

const children = new Map<number, ChildProcess>();
const send = (reply: HelperReply) => process.connected && process.send?.(reply);

process.on('message', (m: HelperRequest) => {
  if (m.t === 'spawn') {
    let child: ChildProcess;
    try {
      child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, stdio: [m.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    } catch (err) {
      send({ t: 'error', id: m.id, message: (err as Error).message, code: (err as NodeJS.ErrnoException).code });
      send({ t: 'close', id: m.id, code: -1, signal: null });
      return;
    }
    children.set(m.id, child);
    child.on('spawn', () => send({ t: 'pid', id: m.id, pid: child.pid ?? 0 }));
    child.stdout?.on('data', (d: Buffer) => send({ t: 'out', id: m.id, data: d }));
    child.stderr?.on('data', (d: Buffer) => send({ t: 'err', id: m.id, data: d }));
    // A program may exit before reading all of its input: its exit code says so, not EPIPE.
    child.stdin?.on('error', () => {});
    child.on('error', (err: NodeJS.ErrnoException) => send({ t: 'error', id: m.id, message: err.message, code: err.code }));
    child.on('close', (code, signal) => {
      children.delete(m.id);
      send({ t: 'close', id: m.id, code, signal });
    });
    return;
  }
  const child = children.get(m.id);
  if (!child) return;
  if (m.t === 'in') child.stdin?.write(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
  else if (m.t === 'end') child.stdin?.end();
  else if (m.t === 'kill') child.kill(m.signal);
});

// The server is gone: its programs see their input end, as when the server itself had started them,
// and run to their end (a git killed half-way could leave a lock file behind); then the helper exits.
process.on('disconnect', () => {
  if (children.size === 0) process.exit(0);
  for (const child of children.values()) {
    child.stdin?.end();
    child.once('close', () => children.size === 0 && process.exit(0));
  }
});

// A signal to the server's process group (Ctrl-C) is the server's to handle: the helper goes when it does.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
