import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { signUpUser } from './test/factories.ts';
import { SOCKET_PATH } from './realtime/realtime.ts';
import { freePort } from './test/free-port.ts';

// The server as `npm start` runs it, stopped as a service manager stops it (SIGTERM) while a web page
// keeps its realtime socket open: it stops within the grace period, the socket told so.
const mainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-shutdown-'));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('stops on SIGTERM at once when a page holds a realtime socket open', async () => {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' };
  const proc = spawn(process.execPath, [mainTs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child = proc;
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${baseUrl}/api/config`).catch(() => null))?.status, { timeout: 60_000, interval: 100 }).toBe(200);
  const user = await signUpUser(baseUrl);

  const socket = connect(baseUrl, { path: SOCKET_PATH, auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const told = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  const asked = Date.now();
  proc.kill('SIGTERM');
  expect(await exited, stderr).toBe(0);
  // Well inside the 10 s grace period given to HTTP requests in flight.
  expect(Date.now() - asked).toBeLessThan(8_000);
  expect(await told).toBe('transport close');
  child = null;
}, 90_000);
