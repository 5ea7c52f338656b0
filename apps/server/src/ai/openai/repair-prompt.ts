import { failedLocatorOf, plainMessage } from '@stepwise/runner';
import type { LocatorRepairRequest } from '../ai-types.ts';
import { parseLocatorChain, type ChainCall } from '../recovery/locator-call.ts';
import { cutSnapshot } from './step-prompt.ts';

/** The most of the error and of the step's code a repair prompt carries. */
const MAX_ERROR_CHARS = 4000;
const MAX_CODE_CHARS = 8000;

/** The methods a repaired call may use: those whose element the aria snapshot shows (no CSS, no test id). */
export const REPAIR_METHODS = ['getByRole', 'getByLabel', 'getByPlaceholder', 'getByText', 'getByTitle', 'getByAltText', 'filter'] as const;

export const REPAIR_SYSTEM_PROMPT = `You repair one Playwright locator of a Cucumber step definition that failed during a test run
because the application changed: an element renamed or moved, or a locator that now finds more than one element.
You are given the step's text, the error, the failing locator as its chain of calls (each call with the
chain up to it), the step function's source, and the live page as a Playwright aria snapshot (YAML).

Answer with one JSON object and nothing else, either:
{"from": "...", "method": "...", "args": [...], "root": false, "reasoning": "..."}
or, when no element of the snapshot takes the failing one's place:
{"refuse": "why, naming the closest elements considered"}

- from: the call of the chain that no longer finds its element, written exactly as listed under "Calls".
- method, args: the call that replaces it, built on the same parent: one of ${REPAIR_METHODS.map((m) => `${m}`).join(', ')}.
  getByRole takes [role, { "name": "...", "exact": true }], filter takes [{ "hasText": "..." }], the others [text]
  or [text, { "exact": true }]. args are JSON values: strings, numbers, booleans, objects of those (no regular expressions).
- The new locator must find exactly one element of the snapshot: write names as the snapshot writes them, and
  add "exact": true when another element's name contains the name.
- root: true only when the element left its container: then the chain has two calls, from is the whole chain and
  the new call is built on the page instead.
- reasoning: one or two sentences: what changed on the page and which element took the locator's place.`;

/** The failing locator as Playwright wrote it in the error, and its calls; null when the error names none the runner could replace. */
export function failingChain(req: LocatorRepairRequest): { from: string; chain: ChainCall[] } | null {
  const from = failedLocatorOf(plainMessage(req.error));
  const chain = from ? parseLocatorChain(from) : null;
  return from && chain ? { from, chain } : null;
}

/** The user message of a repair: the step, the error, the failing chain, the code and the live page. */
export function repairUserPrompt(req: LocatorRepairRequest, failing: { from: string; chain: ChainCall[] }): string {
  return [
    `Step: ${req.stepText.trim()}`,
    'Error:',
    cut(plainMessage(req.error).trim(), MAX_ERROR_CHARS),
    `Failing locator: ${failing.from}`,
    'Calls:',
    ...failing.chain.map((c) => `- ${c.prefix}`),
    'Step function:',
    cut(req.code, MAX_CODE_CHARS),
    `Page: ${req.page.title} (${req.page.url})`,
    'Aria snapshot:',
    cutSnapshot(req.page.aria),
  ].join('\n');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n... (cut: ${text.length} characters)`;
}
