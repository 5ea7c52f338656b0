import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { RecordedStep } from '@stepwise/shared';
import { RECORDING_CHECK, RECORDING_FLAG } from './recorder-ready.ts';

/** What the overlay needs of a recording. */
interface Asserting {
  assertText(page: Page, text: string): Promise<RecordedStep>;
  assertUrl(page: Page): Promise<RecordedStep>;
  assertVisibleAt(page: Page, x: number, y: number): Promise<RecordedStep>;
}

const BINDING = '__stepwiseRecorderAssert';
/** The toolbar's browser code (plain JavaScript, run in the page). */
const OVERLAY_SCRIPT = fs.readFileSync(new URL('./overlay-script.js', import.meta.url), 'utf8');

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
  await context.addInitScript({ content: OVERLAY_SCRIPT.replace('__BINDING__', BINDING).replace('__FLAG__', RECORDING_FLAG).replace('(__RECORDING_CHECK__)', `(${RECORDING_CHECK})`) });
}

