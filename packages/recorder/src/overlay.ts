import type { BrowserContext, Page } from 'playwright-core';
import type { RecordedStep } from '@stepwise/shared';

/** What the overlay needs of a recording. */
interface Asserting {
  assertText(page: Page, text: string): Promise<RecordedStep>;
  assertUrl(page: Page): Promise<RecordedStep>;
  assertVisibleAt(page: Page, x: number, y: number): Promise<RecordedStep>;
}

const BINDING = '__stepwiseRecorderAssert';

type AssertKind = 'text' | 'visible' | 'url';
type AssertArg = { text?: string; x?: number; y?: number };

/**
 * A small toolbar in every page of the headed local recorder: Assert text (the selected text, or one
 * typed in), Assert visible (the next click picks the element instead of clicking it), Assert URL.
 * Its host element is named `x-pw-glass`, which Playwright's recorder leaves alone, so that using the
 * toolbar records nothing but the assertion.
 */
export async function installOverlay(context: BrowserContext, recording: Asserting): Promise<void> {
  await context.exposeBinding(BINDING, async ({ page }, kind: AssertKind, arg: AssertArg = {}) => {
    try {
      const step =
        kind === 'text' ? await recording.assertText(page, String(arg.text ?? '')) : kind === 'url' ? await recording.assertUrl(page) : await recording.assertVisibleAt(page, Number(arg.x), Number(arg.y));
      return { ok: true, message: `Added: ${step.keyword} ${step.text}` };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  });
  await context.addInitScript(overlayScript, BINDING);
}

/** Runs in the page (serialised by Playwright): keep it self-contained. */
function overlayScript(binding: string): void {
  if (window.top !== window) return;
  type Call = (kind: string, arg?: object) => Promise<{ ok: boolean; message: string }>;
  const call = (kind: string, arg?: object) => ((window as unknown as Record<string, Call>)[binding] as Call)(kind, arg);
  const mount = () => {
    if (document.querySelector('x-pw-glass[data-stepwise]')) return;
    const host = document.createElement('x-pw-glass');
    host.setAttribute('data-stepwise', '');
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = `<style>
      .bar{position:fixed;right:12px;bottom:12px;z-index:2147483647;display:flex;gap:6px;align-items:center;padding:6px 8px;border-radius:8px;
        background:#1f2937;color:#fff;font:13px system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)}
      button{font:inherit;color:#fff;background:#4f46e5;border:0;border-radius:6px;padding:5px 9px;cursor:pointer}
      button:hover{background:#4338ca} input{font:inherit;padding:4px 6px;border-radius:4px;border:0;width:180px}
      .msg{max-width:260px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
      .glass{position:fixed;inset:0;z-index:2147483646;cursor:crosshair;background:rgba(79,70,229,.08)}
    </style>
    <div class="bar" role="toolbar" aria-label="Stepwise recorder">
      <strong>REC</strong>
      <button data-k="text">Assert text</button><button data-k="visible">Assert visible</button><button data-k="url">Assert URL</button>
      <input hidden placeholder="Text to find, then Enter"><span class="msg" aria-live="polite"></span>
    </div>`;
    const msg = root.querySelector('.msg') as HTMLElement;
    const input = root.querySelector('input') as HTMLInputElement;
    const show = (r: { message: string }) => (msg.textContent = r.message);
    root.querySelector('[data-k="url"]')!.addEventListener('click', () => void call('url').then(show));
    root.querySelector('[data-k="text"]')!.addEventListener('click', () => {
      const selected = String(window.getSelection() ?? '').trim();
      if (selected) return void call('text', { text: selected }).then(show);
      input.hidden = false;
      input.focus();
    });
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') input.hidden = true;
      if (e.key !== 'Enter' || !input.value.trim()) return;
      void call('text', { text: input.value }).then(show);
      input.value = '';
      input.hidden = true;
    });
    root.querySelector('[data-k="visible"]')!.addEventListener('click', () => {
      const glass = document.createElement('div');
      glass.className = 'glass';
      glass.addEventListener('click', (e) => {
        e.preventDefault();
        e.stopPropagation();
        glass.remove();
        void call('visible', { x: e.clientX, y: e.clientY }).then(show);
      });
      root.appendChild(glass);
      msg.textContent = 'Click the element that should be visible';
    });
    document.documentElement.appendChild(host);
  };
  if (document.documentElement) mount();
  document.addEventListener('DOMContentLoaded', mount);
}
