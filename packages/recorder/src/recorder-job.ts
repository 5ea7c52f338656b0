// A cloud recorder session: `node recorder-job.ts` with an IPC channel, run in the run sandbox. It opens
// a headless Chromium at the environment, records what the person does with Playwright's recorder,
// streams the page as JPEG frames (the DevTools screencast) and replays the person's mouse, wheel and
// keyboard on the page (the DevTools Input domain, through Playwright's mouse and keyboard).
// Protocol: see protocol.ts.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RecorderCommand, RecorderInput } from '@stepwise/shared';
import type { RecorderJobMessage, RecorderJobOptions, RecorderJobRequest } from './protocol.ts';
import { Recording } from './recording.ts';
import { recorderReady } from './recorder-ready.ts';

const NAVIGATION_TIMEOUT_MS = 30_000;

let browser: Browser | null = null;
let context: BrowserContext | null = null;
let recording: Recording | null = null;
/** The page shown: the last one opened (a popup takes over), the previous one again when it closes. */
let page: Page | null = null;
let options: RecorderJobOptions | null = null;
let stopScreencast: (() => Promise<void>) | null = null;
let seq = 0;
const watched = new WeakSet<Page>();

function send(message: RecorderJobMessage): void {
  if (process.send && process.connected) process.send(message);
}

async function open(opts: RecorderJobOptions): Promise<void> {
  options = opts;
  browser = await chromium.launch({ executablePath: opts.chromiumPath, headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  context = await browser.newContext({ viewport: opts.viewport });
  recording = new Recording({
    baseUrl: opts.baseUrl,
    onSteps: (steps) => send({ type: 'steps', steps }),
    onSecrets: (secrets) => send({ type: 'secrets', secrets }),
  });
  await recording.attach(context);
  await recording.hideToolbar(context);
  context.on('page', (p) => void show(p));
  const first = await context.newPage();
  await show(first);
  await first.goto(opts.startUrl, { timeout: NAVIGATION_TIMEOUT_MS }).catch((error: Error) => {
    throw new Error(`The environment did not open: ${error.message.split('\n')[0]}`);
  });
  await announce(first);
}

/** Streams `p` from now on. */
async function show(p: Page): Promise<void> {
  if (page === p) return;
  await stopScreencast?.().catch(() => undefined);
  page = p;
  if (!watched.has(p)) {
    watched.add(p);
    p.on('framenavigated', (frame) => frame === p.mainFrame() && void announce(p));
    p.on('load', () => void announce(p));
    p.on('close', () => {
      if (page !== p) return;
      const rest = context?.pages().filter((o) => o !== p) ?? [];
      page = null;
      if (rest.length) void show(rest[rest.length - 1]);
    });
  }
  await startScreencast(p);
  await announce(p);
}

async function startScreencast(p: Page, size = p.viewportSize() ?? options!.viewport): Promise<void> {
  await p.screencast.start({
    size,
    quality: options!.quality,
    fps: options!.fps,
    onFrame: ({ data, viewportWidth, viewportHeight }) => {
      if (page !== p) return;
      send({ type: 'frame', frame: { data, width: viewportWidth, height: viewportHeight, seq: ++seq } });
    },
  });
  stopScreencast = () => p.screencast.stop();
}

/** How long a picture sent outside the screencast may take; without it the screencast's frames go on. */
const PICTURE_TIMEOUT_MS = 5_000;

/** Sends a screenshot of `p` as the next frame (none if the page cannot be pictured now, e.g. while it navigates). */
async function sendPicture(p: Page, size: { width: number; height: number }): Promise<void> {
  const data = await p.screenshot({ type: 'jpeg', quality: options!.quality, scale: 'css', timeout: PICTURE_TIMEOUT_MS }).catch(() => null);
  if (data && page === p) send({ type: 'frame', frame: { data, width: size.width, height: size.height, seq: ++seq } });
}

async function announce(p: Page): Promise<void> {
  if (page !== p) return;
  const title = await p.title().catch(() => '');
  send({ type: 'page', url: p.url(), title, viewport: p.viewportSize() ?? options!.viewport });
}

function current(): Page {
  if (!page) throw new Error('No page is open');
  return page;
}

async function input(i: RecorderInput): Promise<void> {
  const p = current();
  // A click or key that reached a page before its recorder would be done but not recorded: it waits.
  if (i.type !== 'wheel' && !(i.type === 'mouse' && i.action === 'move')) await recorderReady(p);
  switch (i.type) {
    case 'mouse':
      if (i.action === 'move') return p.mouse.move(i.x, i.y);
      await p.mouse.move(i.x, i.y);
      return i.action === 'down' ? p.mouse.down({ button: i.button, clickCount: i.clickCount }) : p.mouse.up({ button: i.button, clickCount: i.clickCount });
    case 'wheel':
      await p.mouse.move(i.x, i.y);
      return p.mouse.wheel(i.deltaX, i.deltaY);
    case 'key':
      return i.action === 'down' ? p.keyboard.down(i.key) : p.keyboard.up(i.key);
    case 'text':
      return p.keyboard.insertText(i.text);
  }
}

async function command(c: RecorderCommand): Promise<void> {
  const p = current();
  switch (c.type) {
    case 'navigate': {
      const url = new URL(c.url, options!.baseUrl.endsWith('/') ? options!.baseUrl : `${options!.baseUrl}/`);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Only http and https addresses can be opened');
      await p.goto(url.toString(), { timeout: NAVIGATION_TIMEOUT_MS });
      return;
    }
    case 'back':
      await p.goBack({ timeout: NAVIGATION_TIMEOUT_MS });
      return;
    case 'reload':
      await p.reload({ timeout: NAVIGATION_TIMEOUT_MS });
      return;
    case 'viewport': {
      // The screencast is started again at the new size before the page is resized, and the page stays
      // the one streamed. The frame the resize paints may never come (Chromium drops a frame while
      // earlier ones wait for their acknowledgement, and a static page paints no other), so a picture
      // of the new size is taken and sent before the command is answered.
      const size = { width: c.width, height: c.height };
      await stopScreencast?.().catch(() => undefined);
      await startScreencast(p, size);
      await p.setViewportSize(size);
      await sendPicture(p, size);
      await announce(p);
      return;
    }
    case 'assertVisible':
      await recording!.assertVisibleAt(p, c.x, c.y);
      return;
    case 'assertText':
      await recording!.assertText(p, c.text);
      return;
    case 'assertUrl':
      await recording!.assertUrl(p);
      return;
  }
}

async function close(): Promise<void> {
  await recording?.detach().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  process.exit(0);
}

async function handle(m: RecorderJobRequest): Promise<void> {
  if (m.type === 'close') return close();
  try {
    if (m.type === 'open') await open(m.options);
    else if (m.type === 'input') await input(m.input);
    else await command(m.command);
    send({ type: 'reply', id: m.id, ok: true });
  } catch (error) {
    send({ type: 'reply', id: m.id, ok: false, error: (error as Error).message.split('\n')[0] });
  }
}

// Input is applied in order: a key up never overtakes its key down.
let chain: Promise<void> = Promise.resolve();
process.on('message', (m: RecorderJobRequest) => {
  chain = chain.then(() => handle(m));
});
process.on('disconnect', () => void close());
send({ type: 'ready' });
