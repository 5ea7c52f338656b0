import { fork, type ChildProcess } from 'node:child_process';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedStep, RecorderFrame } from '@stepwise/shared';
import { RECORDER_JOB_FILE } from './paths.ts';
import type { RecorderJobMessage, RecorderJobRequest } from './protocol.ts';
import { chromiumPathOf } from '@stepwise/runner';
import { startFixtureSite } from './test/fixture-site.ts';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
let job: ChildProcess;
const frames: RecorderFrame[] = [];
let steps: RecordedStep[] = [];
let pageUrl = '';
const replies = new Map<number, (m: Extract<RecorderJobMessage, { type: 'reply' }>) => void>();
let nextId = 1;

function request(body: Record<string, unknown>): Promise<void> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    replies.set(id, (m) => (m.ok ? resolve() : reject(new Error(m.error))));
    job.send({ ...body, id } as RecorderJobRequest);
  });
}

async function until<T>(get: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  site = await startFixtureSite();
  job = fork(RECORDER_JOB_FILE, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  job.on('message', (m: RecorderJobMessage) => {
    if (m.type === 'reply') replies.get(m.id)?.(m);
    if (m.type === 'frame') frames.push(m.frame);
    if (m.type === 'steps') steps = m.steps;
    if (m.type === 'page') pageUrl = m.url;
  });
  await request({
    type: 'open',
    options: { baseUrl: site.url, startUrl: site.url, viewport: { width: 800, height: 600 }, chromiumPath: chromiumPathOf({}), quality: 70, fps: 25 },
  });
});
afterAll(async () => {
  if (job?.connected) job.send({ id: 0, type: 'close' });
  await site?.close();
});

const click = async (x: number, y: number) => {
  await request({ type: 'input', input: { type: 'mouse', action: 'down', x, y, button: 'left', clickCount: 1 } });
  await request({ type: 'input', input: { type: 'mouse', action: 'up', x, y, button: 'left', clickCount: 1 } });
};

describe('recorder job', () => {
  it('streams the page as JPEG frames of its size', async () => {
    const frame = await until(() => frames.at(-1), 'a frame');
    expect(Buffer.from(frame.data as Uint8Array).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect({ width: frame.width, height: frame.height }).toEqual({ width: 800, height: 600 });
    expect(pageUrl).toBe(site.url);
  });

  it('replays mouse and keyboard input on the page and records it as steps', async () => {
    // The fixture's username field sits below the heading, left; found by layout as a person would by eye.
    await click(150, 90);
    await request({ type: 'input', input: { type: 'text', text: 'ada' } });
    await request({ type: 'command', command: { type: 'assertText', text: 'Shop' } });
    await until(() => steps.some((s) => s.text === 'I fill the "Username" field with "ada"'), 'the fill step');
    expect(steps.map((s) => s.text)).toEqual(['I am on the home page', 'I fill the "Username" field with "ada"', 'I should see "Shop"']);
  });

  it('navigates, goes back and refuses addresses that are not http', async () => {
    await request({ type: 'command', command: { type: 'navigate', url: '/products' } });
    await until(() => pageUrl.endsWith('/products'), 'the products page');
    await request({ type: 'command', command: { type: 'back' } });
    await until(() => pageUrl === site.url, 'the home page again');
    await expect(request({ type: 'command', command: { type: 'navigate', url: 'file:///etc/passwd' } })).rejects.toThrow('Only http and https');
  });

  it("holds a click made as soon as a page has loaded until the page's recorder hears it", async () => {
    // Playwright's recorder comes into a page a moment after its document (recorder-ready.ts); a fast
    // page has loaded before then.
    for (const round of [1, 2]) {
      await request({ type: 'command', command: { type: 'reload' } });
      await click(40, 40);
      await until(() => steps.filter((s) => /click.*"Shop"/.test(s.text)).length === round, `the click on the heading, round ${round}`, 5_000);
    }
  });

  it('changes the viewport, and the frames follow', async () => {
    // A picture of the new size is the last frame before the answer (the screencast may send none for a
    // static page, or one that names the new size but shows the page still resizing), and stays the last.
    const shown = () => {
      const f = frames.at(-1)!;
      const image = imageSize(new Uint8Array(f.data as Uint8Array));
      return { named: { width: f.width, height: f.height }, image: { type: image.type, width: image.width, height: image.height } };
    };
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await request({ type: 'command', command: { type: 'viewport', ...size } });
      expect(shown()).toEqual({ named: size, image: { type: 'jpg', ...size } });
      await new Promise((r) => setTimeout(r, 300));
      expect(shown()).toEqual({ named: size, image: { type: 'jpg', ...size } });
    }
  });
});
