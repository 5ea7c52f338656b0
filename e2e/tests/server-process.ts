import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/**
 * How long a hook that starts a server may take: a first start makes its database (about 10 s of CPU,
 * 14 s here with the suite's other stages beside it), which has taken over a minute on a loaded machine.
 */
export const START_TIMEOUT_MS = 240_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server of its own for tests that need what the shared one cannot give: a shifted scheduler
 * clock, or a plan changed with the admin command (which needs the server stopped, like on a real
 * machine). Its data folder lives as long as the object, across restarts.
 */
export class OwnServer {
  readonly port: number;
  private dir: string | null = null;
  private readonly env: Record<string, string>;
  private child: ChildProcess | null = null;

  constructor(port: number, env: Record<string, string> = {}) {
    this.port = port;
    this.env = env;
  }

  /** Made when first needed (the test file is also loaded where no test of it runs). */
  get dataDir(): string {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-e2e-own-'));
    return this.dir;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    this.child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...this.env, ...extraEnv, PORT: String(this.port), DATA_DIR: this.dataDir },
    });
    await expect.poll(async () => (await fetch(`${this.baseURL}/api/config`).catch(() => null))?.status, { timeout: START_TIMEOUT_MS - 30_000 }).toBe(200);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A server that does not stop as a service manager asks it to is a failure, not a hang.
    const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 20_000, false))]);
    if (stopped) return;
    child.kill('SIGKILL');
    await exited;
    throw new Error('the server did not stop within 20 s of SIGTERM');
  }

  /** `npm run admin -- ...` on this server's data (stop the server first). */
  admin(...args: string[]): string {
    const res = spawnSync(process.execPath, ['apps/server/src/cli/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: this.dataDir },
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    return res.stdout;
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
