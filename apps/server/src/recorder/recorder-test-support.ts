import { io as connect, type Socket } from 'socket.io-client';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPathOf } from '@stepwise/runner';
import type { RecordedStep, RecorderFrame } from '@stepwise/shared';
import { SOCKET_PATH } from '../realtime/realtime.ts';
import type { TestServer } from '../test/test-server.ts';
import type { TestUser } from '../test/factories.ts';
import type { JoinAnswer } from './recorder-socket.ts';

/** What the recorder tests share: a realtime socket of a user, what it hears, and where things are on a page. */

export interface RecorderClient {
  socket: Socket;
  frames: RecorderFrame[];
  steps: RecordedStep[];
  pages: Array<{ url: string; title: string }>;
  ended: Array<{ reason: string }>;
  join(sessionId: string): Promise<JoinAnswer>;
  close(): void;
}

export async function recorderClient(server: TestServer, user: TestUser): Promise<RecorderClient> {
  const socket = connect(server.baseUrl, { path: SOCKET_PATH, query: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const client: RecorderClient = {
    socket,
    frames: [],
    steps: [],
    pages: [],
    ended: [],
    join: (sessionId) => socket.timeout(30_000).emitWithAck('recorder:join', { session_id: sessionId }),
    close: () => socket.disconnect(),
  };
  socket.on('recorder:frame', (f: RecorderFrame) => client.frames.push(f));
  socket.on('recorder:steps', (s: RecordedStep[]) => (client.steps = s));
  socket.on('recorder:page', (p: { url: string; title: string }) => client.pages.push(p));
  socket.on('recorder:ended', (e: { reason: string }) => client.ended.push(e));
  return client;
}

export async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The centre of what a locator finds on `url` at `viewport`, measured in a browser of the test's own (the sessions' browser, same page, same layout). */
export async function centreOf(url: string, viewport: { width: number; height: number }, find: (page: import('playwright-core').Page) => import('playwright-core').Locator): Promise<{ x: number; y: number }> {
  const browser: Browser = await chromium.launch({ executablePath: chromiumPathOf({}), headless: true, args: ['--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport });
    await page.goto(url);
    const box = await find(page).boundingBox({ timeout: 10_000 });
    if (!box) throw new Error('not on the page');
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  } finally {
    await browser.close();
  }
}

/** A left click at a point of the streamed page, as the web app's canvas sends it. */
export async function clickAt(client: RecorderClient, at: { x: number; y: number }): Promise<void> {
  for (const action of ['move', 'down', 'up'] as const) {
    const answer = await client.socket.timeout(30_000).emitWithAck('recorder:input', { type: 'mouse', action, x: at.x, y: at.y, button: 'left', clickCount: 1 });
    if (!answer.ok) throw new Error(answer.error);
  }
}

export async function send(client: RecorderClient, event: 'recorder:input' | 'recorder:command', payload: unknown): Promise<{ ok: boolean; error?: string }> {
  return client.socket.timeout(30_000).emitWithAck(event, payload);
}
