import type { StepKeyword } from '../ai-types.ts';
import { understandAssertion, ASSERT_VERBS } from './assertion-intent.ts';
import { partsOf, phraseOf, slotPhrase, type Part, type Phrase } from './step-phrase.ts';
import type { Sentence } from './step-sentence.ts';
import type { Intent } from './intent-types.ts';

const NAVIGATE = new Set(['open', 'go', 'visit', 'navigate', 'browse', 'return', 'head', 'load', 'access']);
const GENERIC_CLICK = new Set(['click', 'tap', 'press', 'hit', 'push', 'follow', 'activate', 'trigger']);
const FILL = new Set(['enter', 'type', 'fill', 'input', 'write', 'put', 'provide', 'key', 'insert', 'set', 'change', 'update', 'clear', 'erase']);
const SELECT = new Set(['choose', 'select', 'pick']);
const CHECK = new Set(['tick', 'check', 'accept', 'agree', 'enable', 'mark']);
const UNCHECK = new Set(['untick', 'uncheck', 'decline', 'disable', 'unmark', 'deselect']);
const HOVER = new Set(['hover', 'point', 'mouse']);
const UPLOAD = new Set(['upload', 'attach']);
const WAIT = new Set(['wait', 'pause', 'sleep']);
const SEARCH = new Set(['search', 'look']);
const RELOAD = new Set(['reload', 'refresh']);
const OPENED = new Set(['open', 'opened', 'displayed', 'shown', 'loaded', 'visible']);
/** Playwright key names by the words a step uses for them. */
const KEYS: Record<string, string> = {
  enter: 'Enter', return: 'Enter', tab: 'Tab', escape: 'Escape', esc: 'Escape', backspace: 'Backspace', delete: 'Delete',
  space: 'Space', spacebar: 'Space', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight',
  home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown',
};
/** Seconds in one of these units. */
const UNITS: Record<string, number> = { second: 1, sec: 1, s: 1, millisecond: 0.001, ms: 0.001, minute: 60, min: 60 };

/** Reads the step's intent from its verb, the shape of the sentence and the Gherkin keyword. */
export function understand(sentence: Sentence, keyword: StepKeyword): Intent {
  const verb = sentence.verbRoot;
  const parts = partsOf(sentence);
  const phrases = parts.map((p) => p.phrase);
  const after = (...preps: Array<string | null>) => parts.find((p) => preps.includes(p.prep))?.phrase ?? null;
  const object = after(null);
  const place = after('on', 'at');
  if (verb === 'be' && sentence.subject.length === 0 && place && keyword !== 'Then' && !sentence.modal) return { kind: 'navigate', place };
  const subject = sentence.subject.length > 0 ? phraseOf(sentence, sentence.subject) : null;
  // "Given the home page is open": a place to be on.
  if (verb === 'be' && subject?.page && sentence.words.some((w) => OPENED.has(w.normal) && !sentence.subject.includes(w))) {
    return keyword === 'Then' ? { kind: 'assertUrl', value: subject, exact: false, negated: sentence.negated } : { kind: 'navigate', place: subject };
  }
  const strings = sentence.slots.filter((s) => s.type === 'string');
  if ((sentence.verb === 'log in' || sentence.verb === 'sign in') && !sentence.copula && strings.length > 0) {
    return { kind: 'login', user: slotPhrase(sentence, strings[0]), password: strings[1] ? slotPhrase(sentence, strings[1]) : null };
  }
  // "the address is set to ...": the subject is the field.
  if (verb && FILL.has(verb) && sentence.copula && subject) return fillIntent(sentence, [{ prep: 'into', phrase: subject }, ...parts], null);
  if (!verb || ASSERT_VERBS.has(verb) || (keyword === 'Then' && !isActionVerb(verb))) return understandAssertion(sentence, parts);

  if (sentence.verb === 'go back' && phrases.length === 0) return { kind: 'back' };
  if (RELOAD.has(verb)) return { kind: 'reload' };
  if (NAVIGATE.has(verb)) {
    const place = object ?? phrases[0];
    return place ? { kind: 'navigate', place } : { kind: 'unknown', reason: 'The step does not say where to go' };
  }
  if (WAIT.has(verb)) return waitIntent(sentence);
  if (verb === 'press' && object && !object.slot) {
    const key = keyOf(object);
    if (key) return { kind: 'press', key, target: after('in', 'into', 'on') };
  }
  if (SEARCH.has(verb)) {
    const value = phrases.find((p) => p.slot) ?? after('for');
    if (value) return { kind: 'search', value };
  }
  if (UPLOAD.has(verb)) {
    const file = phrases.find((p) => p.slot?.type === 'string');
    if (!file) return { kind: 'unknown', reason: 'The step does not name the file to upload in quotes' };
    return { kind: 'upload', file, field: phrases.find((p) => p !== file) ?? null };
  }
  if (FILL.has(verb)) return fillIntent(sentence, parts, object);
  if (SELECT.has(verb)) {
    const field = after('from', 'in', 'for', 'as');
    const option = object ?? phrases.find((p) => p !== field);
    if (!option) return { kind: 'unknown', reason: 'The step does not say what to choose' };
    return { kind: 'select', field, option, scopes: phrases.filter((p) => p !== field && p !== option) };
  }
  if (CHECK.has(verb) || UNCHECK.has(verb)) {
    const target = object ?? phrases[0] ?? null;
    return { kind: CHECK.has(verb) ? 'check' : 'uncheck', target, scopes: phrases.filter((p) => p !== target), byVerb: verb === 'accept' || verb === 'agree' };
  }
  if (HOVER.has(verb)) {
    const target = object ?? phrases[0] ?? null;
    return { kind: 'hover', target, scopes: phrases.filter((p) => p !== target), byVerb: false };
  }
  if (GENERIC_CLICK.has(verb)) {
    const target = object ?? place ?? phrases[0] ?? null;
    return { kind: 'click', target, scopes: phrases.filter((p) => p !== target), byVerb: false };
  }
  // "submit the login form": the form's button, named like the form.
  if (object?.roleHint?.includes('form')) return { kind: 'click', target: { ...object, roleHint: ['button'] }, scopes: [], byVerb: false };
  return verbClick(sentence, parts);
}

/** Any other verb names the control: "add ... to the cart", "place the order", "log out"; "add 2 mugs" presses it twice. */
function verbClick(sentence: Sentence, parts: Part[]): Intent {
  const object = parts.find((p) => p.prep === null)?.phrase ?? null;
  const first = object?.words[0];
  const times = first?.slot?.type === 'int' && object!.words.length > 1 ? first.slot : undefined;
  const counted = times ? phraseOf(sentence, object!.words.slice(1)) : object;
  const phrases = parts.map((p) => (p.phrase === object && counted ? counted : p.phrase));
  return { kind: 'click', target: counted ?? phrases[0] ?? null, scopes: phrases, byVerb: true, times };
}

function isActionVerb(verb: string): boolean {
  return [NAVIGATE, GENERIC_CLICK, FILL, SELECT, CHECK, UNCHECK, HOVER, UPLOAD, WAIT, SEARCH].some((set) => set.has(verb));
}

function keyOf(phrase: Phrase): string | null {
  const words = phrase.words.map((w) => w.normal).filter((w) => w !== 'key' && w !== 'arrow');
  return KEYS[words.join('')] ?? null;
}

function waitIntent(sentence: Sentence): Intent {
  for (const [i, word] of sentence.words.entries()) {
    const slot = word.slot;
    if (!slot || slot.type === 'string') continue;
    const unit = sentence.words[i + 1];
    const seconds = unit ? (UNITS[unit.root] ?? UNITS[unit.normal.replace(/s$/, '')]) : undefined;
    if (seconds) return { kind: 'wait', amount: slot, unit: seconds };
  }
  const text = sentence.slots.find((s) => s.type === 'string');
  if (text) return { kind: 'waitText', text: slotPhrase(sentence, text) };
  return { kind: 'unknown', reason: 'The step does not say how long or what to wait for' };
}

function fillIntent(sentence: Sentence, parts: Part[], object: Phrase | null): Intent {
  const clearing = sentence.verbRoot === 'clear' || sentence.verbRoot === 'erase';
  const valued = parts.filter((p) => p.phrase.slot);
  // "set the quantity of "Trail Backpack" to 2": the value follows to/with/as; a quoted "of" names the row.
  let value = clearing ? null : ((valued.find((p) => ['to', 'with', 'as'].includes(p.prep ?? '')) ?? valued.find((p) => p.prep !== 'of'))?.phrase ?? null);
  let fields = parts.filter((p) => p.phrase !== value && !p.phrase.slot);
  const mixed = !value && !clearing ? fields.find((p) => p.prep !== 'of' && p.phrase.words.some((w) => w.slot)) : undefined;
  if (mixed) {
    // "enter my full name "Alan Turing"": the quoted value inside the field's own phrase.
    const slot = mixed.phrase.words.find((w) => w.slot)!.slot!;
    value = slotPhrase(sentence, slot);
    fields = fields.map((p) => (p === mixed ? { prep: p.prep, phrase: phraseOf(sentence, p.phrase.words.filter((w) => w.slot !== slot)) } : p));
  }
  const field =
    fields.find((p) => ['into', 'in', 'as', 'for', 'on'].includes(p.prep ?? ''))?.phrase ??
    (object && object !== value && !object.slot && !mixed ? object : null) ??
    fields[0]?.phrase ??
    null;
  if (!value && !clearing) {
    // "set the country to Canada": an unquoted value; "put the bottle in my cart": no value, a control to press.
    const literal = parts.find((p) => ['to', 'with', 'as'].includes(p.prep ?? '') && p.phrase !== field);
    if (literal && field) return { kind: 'fill', field, value: literal.phrase, scopes: [] };
    return verbClick(sentence, parts);
  }
  const scopes = parts.map((p) => (p === mixed ? null : p.phrase)).filter((p): p is Phrase => Boolean(p) && p !== field && p !== value);
  return { kind: 'fill', field, value, scopes };
}
