import { nlp, type NlpDoc } from '../nlp.ts';
import { ACTION_GROUPS, type ActionGroup } from './action-calls.ts';

/** One change the person asked for. */
export type UpdateIntent =
  | { kind: 'continue' }
  | { kind: 'only-if-found' }
  | { kind: 'retry'; retries: number }
  | { kind: 'action-timeout'; groups: ActionGroup[]; ms: number }
  | { kind: 'step-timeout'; ms: number }
  | { kind: 'network-idle' }
  | { kind: 'screenshot' };

export const MAX_RETRIES = 20;
export const DEFAULT_RETRIES = 3;

export const UNDERSTOOD = [
  'continue if step fails',
  'perform only if element found',
  'retry step if it fails (retry 5 times)',
  'set click timeout to 2 minutes (also fill, press, check, select, hover, upload, navigation or every action)',
  'set step timeout to 3 minutes',
  'wait for network idle after the step',
  'take a screenshot after the step',
];

interface Term {
  text: string;
  normal: string;
  root?: string;
  tags: string[];
}

/** A clause of the request as compromise reads it: its words (as written and as dictionary forms). */
class Clause {
  readonly doc: NlpDoc;
  readonly terms: Term[];
  readonly words: Set<string>;
  constructor(text: string) {
    this.doc = nlp(text.toLowerCase());
    this.doc.compute('root');
    this.terms = (this.doc.json({ terms: { offset: true } }) as Array<{ terms: Term[] }>).flatMap((s) => s.terms);
    this.words = new Set(this.terms.flatMap((t) => [t.normal, t.root ?? t.normal]));
  }
  has(...words: string[]): boolean {
    return words.some((w) => this.words.has(w));
  }
  matches(pattern: string): boolean {
    return this.doc.has(pattern);
  }
}

const FAILURE = ['fail', 'fails', 'failed', 'failure', 'failing', 'error', 'errors', 'exception', 'exceptions', 'break', 'breaks', 'crash', 'crashes'];
const PRESENCE = ['found', 'find', 'exist', 'exists', 'present', 'visible', 'appear', 'appears', 'displayed', 'shown', 'available', 'missing', 'absent', 'there'];
const CONDITION = ['only', 'if', 'when', 'unless', 'skip', 'ignore', 'otherwise'];

const UNITS: Array<[string[], number]> = [
  [['ms', 'msec', 'msecs', 'millisecond', 'milliseconds'], 1],
  [['s', 'sec', 'secs', 'second', 'seconds'], 1000],
  [['m', 'min', 'mins', 'minute', 'minutes'], 60_000],
  [['h', 'hr', 'hrs', 'hour', 'hours'], 3_600_000],
];
const unitMs = (word: string | undefined): number | null => UNITS.find(([names]) => word !== undefined && names.includes(word))?.[1] ?? null;

/** The numbers of a clause in order, each with the unit written after it (`2 minutes`, `5000ms`, `five times`). */
function numbersOf(clause: Clause): Array<{ value: number; unit: string | undefined }> {
  const out: Array<{ value: number; unit: string | undefined }> = [];
  clause.terms.forEach((term, i) => {
    if (!term.tags.includes('Cardinal') && !term.tags.includes('NumericValue')) return;
    const parsed = (nlp(term.text).numbers().json() as Array<{ number: { num: number; unit?: string } }>)[0]?.number;
    if (!parsed || !Number.isFinite(parsed.num)) return;
    const next = clause.terms[i + 1];
    out.push({ value: parsed.num, unit: parsed.unit || next?.root || next?.normal });
  });
  return out;
}

/** A duration in milliseconds: a number with its unit; a bare number is milliseconds from 1000 on, seconds below. */
function durationOf(clause: Clause): number | null {
  const numbers = numbersOf(clause);
  const withUnit = numbers.find((n) => unitMs(n.unit) !== null);
  if (withUnit) return Math.round(withUnit.value * unitMs(withUnit.unit)!);
  const bare = numbers[0];
  if (!bare) return null;
  return Math.round(bare.value >= 1000 ? bare.value : bare.value * 1000);
}

function actionGroups(clause: Clause): ActionGroup[] | 'all' | null {
  if (clause.has('every', 'all', 'each', 'action', 'actions')) return 'all';
  const groups = (Object.keys(ACTION_GROUPS) as ActionGroup[]).filter((g) => clause.has(...ACTION_GROUPS[g].words));
  return groups.length ? groups : null;
}

type ClauseResult = UpdateIntent | { error: string } | null;

function timeoutIntent(clause: Clause): ClauseResult {
  if (!clause.has('timeout', 'timeouts') && !clause.matches('time out') && !clause.matches('wait up to #Value')) return null;
  const ms = durationOf(clause);
  if (ms === null) return { error: 'Say how long the timeout should be, for example: set click timeout to 2 minutes' };
  if (ms < 100 || ms > 3_600_000) return { error: 'A timeout must be between 100 milliseconds and one hour' };
  const groups = actionGroups(clause);
  if (groups === null && clause.has('step', 'steps', 'scenario', 'whole', 'overall')) return { kind: 'step-timeout', ms };
  return { kind: 'action-timeout', groups: groups === null || groups === 'all' ? (Object.keys(ACTION_GROUPS) as ActionGroup[]) : groups, ms };
}

function retryIntent(clause: Clause): ClauseResult {
  if (!clause.has('retry', 'retries', 'retried', 'rerun', 'reattempt', 'repeat') && !clause.matches('try .{0,2} again')) return null;
  const counted = numbersOf(clause).find((n) => ['time', 'times', 'attempt', 'attempts', 'retry', 'retries', 'more'].includes(n.unit ?? '')) ?? numbersOf(clause)[0];
  const spelled = clause.has('once') ? 1 : clause.has('twice') ? 2 : clause.has('thrice') ? 3 : null;
  const retries = counted ? Math.round(counted.value) : (spelled ?? DEFAULT_RETRIES);
  if (retries < 1 || retries > MAX_RETRIES) return { error: `Retry a step between 1 and ${MAX_RETRIES} times` };
  return { kind: 'retry', retries };
}

/** The change one clause asks for, by the first rule that reads it. */
function readClause(text: string): ClauseResult {
  const clause = new Clause(text);
  if (clause.has('screenshot', 'screenshots') || clause.matches('(capture|take) (a|the)? screen')) return { kind: 'screenshot' };
  if (clause.has('network', 'networkidle') && clause.has('idle', 'quiet', 'settle', 'settles', 'settled', 'calm', 'networkidle')) return { kind: 'network-idle' };
  const timeout = timeoutIntent(clause);
  if (timeout) return timeout;
  const retry = retryIntent(clause);
  if (retry) return retry;
  if (clause.has(...PRESENCE) && clause.has(...CONDITION)) return { kind: 'only-if-found' };
  const goOn = clause.has('continue', 'proceed', 'ignore', 'skip', 'swallow', 'tolerate') || clause.matches('(carry|keep|go|move) (on|going)');
  if ((goOn && clause.has(...FAILURE)) || clause.has('optional') || clause.matches("(not|never|don't|doesn't) fail")) return { kind: 'continue' };
  return null;
}

export interface ReadRequest {
  intents: UpdateIntent[];
  /** Parts of the request no rule read (shown in the summary). */
  ignored: string[];
}

/**
 * Reads the person's request into changes: the request is cut into clauses (at "and", "then",
 * commas), and a clause that says nothing on its own is read together with the next one
 * ("set click and fill timeout to 2 minutes").
 */
export function readRequest(request: string): ReadRequest | { error: string } {
  const parts = nlp(request).splitBefore('(and|then|also|plus)').splitAfter('@hasComma').out('array') as string[];
  const intents: UpdateIntent[] = [];
  let pending = '';
  for (const part of parts) {
    const text = `${pending} ${part}`.trim().replace(/^(and|then|also|plus)\s+/i, '');
    const found = readClause(text);
    if (found && 'error' in found) return found;
    if (found) {
      if (!intents.some((i) => i.kind === found.kind)) intents.push(found);
      pending = '';
    } else {
      pending = text;
    }
  }
  if (intents.length === 0) return { error: `The request was not understood. Ask for one of: ${UNDERSTOOD.join('; ')}.` };
  const ignored = pending.replace(/[\s,.;]+$/, '').trim();
  return { intents, ignored: ignored ? [ignored] : [] };
}
