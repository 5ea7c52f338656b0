import { fork, spawn, type ChildProcess, type StdioNull, type StdioPipe } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable, type Readable } from 'node:stream';
import type { HelperReply, HelperRequest } from './spawn-helper-protocol.ts';

/**
 * Programs (git above all) started from a small helper process instead of from the server.
 *
 * On Linux, Node starts a program with fork(): the kernel copies the page tables of the whole
 * process, and the event loop waits for it. From a server or test process of 1 GB that is 10-30 ms
 * per program (bench: 1.8 ms from a bare Node process, 31 ms from one holding 1 GB), and a workspace
 * write starts several. The helper is a bare Node process forked once (as the server starts, else
 * on first need); it starts each program and relays its standard streams over the IPC channel.
 * `STEPWISE_SPAWN_HELPER=0` starts programs directly again. If the helper dies, the programs in
 * flight fail with an error and the next start forks a new helper.
 */
export interface SpawnedProgram extends EventEmitter {
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Known once the program started ('spawn' emitted). */
  readonly pid: number | undefined;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions {
  cwd?: string;
  env: Record<string, string>;
  /** Whether the program gets a stdin pipe (else /dev/null). */
  stdin?: boolean;
}

const CHILD = fileURLToPath(new URL('./spawn-helper-child.ts', import.meta.url));

/** Starts `file` with `args`: from the helper process unless STEPWISE_SPAWN_HELPER is 0. */
export function spawnProgram(file: string, args: string[], opts: SpawnOptions): SpawnedProgram {
  if (process.env.STEPWISE_SPAWN_HELPER === '0') return direct(file, args, opts);
  return helper.start(file, args, opts);
}

function direct(file: string, args: string[], opts: SpawnOptions): SpawnedProgram {
  const stdio: [StdioPipe | StdioNull, StdioPipe, StdioPipe] = [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'];
  return spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio }) as ChildProcess as SpawnedProgram;
}

class RelayedProgram extends EventEmitter implements SpawnedProgram {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable | null;
  pid: number | undefined;
  closed = false;
  private readonly id: number;
  private readonly send: (m: HelperRequest) => boolean;

  constructor(id: number, send: (m: HelperRequest) => boolean, withStdin: boolean) {
    super();
    this.id = id;
    this.send = send;
    this.stdin = withStdin
      ? new Writable({
          write: (chunk: Buffer, _enc, done) => {
            if (!this.closed) this.send({ t: 'in', id, data: chunk });
            done();
          },
          final: (done) => {
            if (!this.closed) this.send({ t: 'end', id });
            done();
          },
        })
      : null;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (!this.closed) this.send({ t: 'kill', id: this.id, signal });
  }

  /** Ends the program's streams and says it closed (the helper reported it, or the helper is gone). */
  finish(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.closed) return;
    this.closed = true;
    this.stdout.end();
    this.stderr.end();
    // As a ChildProcess: 'close' once its output streams have ended.
    let open = 2;
    const ended = () => --open === 0 && this.emit('close', code, signal);
    for (const stream of [this.stdout, this.stderr]) {
      stream.once('end', ended);
      // Output nobody reads is let go, as a ChildProcess's would be.
      if (stream.listenerCount('data') === 0 && stream.listenerCount('readable') === 0) stream.resume();
    }
  }
}

class SpawnHelper {
  private child: ChildProcess | null = null;
  private readonly programs = new Map<number, RelayedProgram>();
  private nextId = 1;

  get pid(): number | undefined {
    return this.child?.pid;
  }

  ensure(): ChildProcess | null {
    return this.child ?? this.fork();
  }

  start(file: string, args: string[], opts: SpawnOptions): SpawnedProgram {
    const child = this.ensure();
    if (!child) return direct(file, args, opts);
    const id = this.nextId++;
    const send = (m: HelperRequest) => child.connected && child.send(m);
    const program = new RelayedProgram(id, send, Boolean(opts.stdin));
    this.programs.set(id, program);
    if (this.programs.size === 1) this.hold(child, true);
    send({ t: 'spawn', id, file, args, cwd: opts.cwd, env: opts.env, stdin: Boolean(opts.stdin) });
    return program;
  }

  private fork(): ChildProcess | null {
    let child: ChildProcess;
    try {
      // No flags of this process (--inspect, --cpu-prof, ...): a bare Node.
      child = fork(CHILD, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    } catch {
      return null;
    }
    this.child = child;
    child.on('message', (m: HelperReply) => this.receive(m));
    child.on('error', () => this.lost(child));
    child.on('exit', () => this.lost(child));
    this.hold(child, false);
    return child;
  }

  /** The helper keeps this process alive only while a program of it runs. */
  private hold(child: ChildProcess, on: boolean): void {
    if (on) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }

  private receive(m: HelperReply): void {
    const program = this.programs.get(m.id);
    if (!program) return;
    switch (m.t) {
      case 'pid':
        program.pid = m.pid;
        program.emit('spawn');
        break;
      case 'out':
      case 'err':
        (m.t === 'out' ? program.stdout : program.stderr).write(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
        break;
      case 'error':
        program.emit('error', Object.assign(new Error(m.message), { code: m.code }));
        break;
      case 'close':
        this.done(m.id);
        program.finish(m.code, m.signal);
        break;
    }
  }

  private done(id: number): void {
    this.programs.delete(id);
    if (this.programs.size === 0 && this.child) this.hold(this.child, false);
  }

  /** The helper died: its programs fail (their readers get an error), the next start forks anew. */
  private lost(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = null;
    for (const [id, program] of this.programs) {
      this.programs.delete(id);
      program.emit('error', Object.assign(new Error('the spawn helper process ended'), { code: 'ESPAWNHELPER' }));
      program.finish(-1, null);
    }
  }
}

const helper = new SpawnHelper();

/**
 * Forks the helper now rather than at the first program (a server at its start: the first request
 * that reads Git does not wait for a Node process to start). Idle, it keeps nothing alive.
 */
export function startSpawnHelper(): void {
  if (process.env.STEPWISE_SPAWN_HELPER !== '0') helper.ensure();
}

/** The helper's process id, when one runs (tests). */
export const spawnHelperPid = (): number | undefined => helper.pid;
