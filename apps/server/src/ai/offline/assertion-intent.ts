import type { Intent } from './intent-types.ts';
import { phraseOf, type Part, type Phrase } from './step-phrase.ts';
import { PREPOSITIONS as PREPOSITION_WORDS, type Sentence, type Slot } from './step-sentence.ts';

/** Verbs that state what the page shows rather than do something on it. */
export const ASSERT_VERBS = new Set(['see', 'show', 'display', 'contain', 'include', 'read', 'say', 'equal', 'appear', 'disappear', 'match', 'cost', 'have', 'list', 'mention', 'become', 'remain', 'exist', 'notice', 'be', 'redirect', 'take', 'land', 'end', 'start', 'bring', 'send']);

const URL_WORDS = new Set(['url', 'uri', 'location', 'path', 'address']);
const PLACE_SUBJECTS = new Set(['page', 'screen', 'site', 'it', 'app', 'application', 'browser', 'window', 'shop']);
const VISIBLE = new Set(['visible', 'displayed', 'shown', 'present', 'there', 'available', 'showing', 'rendered', 'listed', 'included']);
const HIDDEN = new Set(['hidden', 'gone', 'invisible', 'absent', 'missing']);
const CHECKED = new Set(['checked', 'ticked', 'selected']);
const UNCHECKED = new Set(['unchecked', 'unticked', 'unselected']);
const ARRIVE = new Set(['be', 'land', 'redirect', 'take', 'bring', 'send']);
const SIGNED = new Set(['log in', 'sign in', 'log out', 'sign out']);
const EMPTY = new Set(['empty', 'blank', 'cleared']);

/** The assertion a "Then" step states: text, element, URL, title, count, value or checked state. */
export function understandAssertion(sentence: Sentence, parts: Part[]): Intent {
  const verb = sentence.verbRoot;
  const subject = sentence.subject.length > 0 ? phraseOf(sentence, sentence.subject) : null;
  const subjectWords = subject ? subject.words.filter((w) => !w.slot).map((w) => w.root) : [];
  const valuePart = parts.find((p) => p.phrase.slot);
  const states = new Set(sentence.words.filter((w) => !w.slot && !sentence.subject.includes(w)).map((w) => w.normal));
  let negated = sentence.negated;
  const firstValue = valuePart?.phrase ?? parts[0]?.phrase;

  if (subject && !subject.roleHint && subjectWords.some((w) => URL_WORDS.has(w)) && !subject.slot) {
    if (!firstValue) return { kind: 'unknown', reason: 'The step does not say what the URL should be' };
    return { kind: 'assertUrl', value: firstValue, exact: verb === 'be' || verb === 'equal', negated };
  }
  if (subject && !subject.roleHint && subjectWords.includes('title') && !subject.slot) {
    if (!firstValue) return { kind: 'unknown', reason: 'The step does not say what the title should be' };
    return { kind: 'assertTitle', value: firstValue, exact: verb === 'be' || verb === 'equal' };
  }

  if (!subject && sentence.copula && SIGNED.has(sentence.verb ?? '')) {
    return { kind: 'assertSignedIn', signedIn: sentence.verb!.endsWith(' in') !== negated };
  }
  const aboutPlace = !subject || Boolean(subject.page && !subject.slot) || (!subject.slot && subjectWords.length > 0 && subjectWords.every((w) => PLACE_SUBJECTS.has(w)));
  if (aboutPlace) {
    const place = parts.find((p) => ['on', 'at', 'to', 'in'].includes(p.prep ?? ''))?.phrase;
    if (verb && ARRIVE.has(verb) && place && (place.page || !parts.some((p) => p.prep === null))) {
      return { kind: 'assertUrl', value: place, exact: false, negated };
    }
    const count = countOf(sentence, parts, parts.find((p) => p.prep === 'in' || p.prep === 'on')?.phrase ?? null);
    if (count) return count;
    const object = parts[0]?.phrase;
    if (!object) return { kind: 'unknown', reason: 'The step does not say what should be seen' };
    if (object.slot?.type === 'string' && (!object.roleHint || object.roleHint.includes('text'))) return { kind: 'assertText', text: object, negated };
    return { kind: 'assertElement', target: object, negated, scopes: parts.slice(1).map((p) => p.phrase) };
  }
  if (!subject) return { kind: 'unknown', reason: 'The step does not say what to check' };

  if ([...states].some((s) => CHECKED.has(s) || UNCHECKED.has(s))) {
    return { kind: 'assertChecked', target: subject, negated: negated !== [...states].some((s) => UNCHECKED.has(s)) };
  }
  const hidden = verb === 'disappear' || [...states].some((s) => HIDDEN.has(s));
  const visible = hidden || verb === 'appear' || verb === 'exist' || [...states].some((s) => VISIBLE.has(s));
  if (visible && !valuePart) {
    if (hidden) negated = !negated;
    if (subject.slot?.type === 'string' && (!subject.roleHint || subject.roleHint.includes('text'))) return { kind: 'assertText', text: subject, negated };
    return { kind: 'assertElement', target: subject, negated, scopes: parts.map((p) => p.phrase) };
  }
  if (!valuePart && [...states].some((s) => EMPTY.has(s))) {
    return { kind: 'assertValue', target: subject, value: { text: '', words: [] }, scopes: [] };
  }
  const count = countOf(sentence, parts, subject) ?? numberOf(sentence, valuePart?.phrase.slot);
  if (count) return count;
  // "the T-Shirt is in the cart": it is shown.
  if (!valuePart && verb === 'be' && parts.some((p) => ['in', 'on', 'at'].includes(p.prep ?? ''))) {
    if (subject.slot?.type === 'string') return { kind: 'assertText', text: subject, negated };
    return { kind: 'assertElement', target: subject, negated, scopes: parts.map((p) => p.phrase) };
  }
  // "the Wireless Headphones were added": a message on the page says so.
  const participle = sentence.words.find((w) => !w.slot && !sentence.subject.includes(w) && w.tags.has('Passive') && w.tags.has('PastTense'));
  if (!valuePart && sentence.copula && participle) return { kind: 'assertMessage', subject, word: participle.normal };
  if (valuePart) return { kind: 'assertValue', target: subject, value: valuePart.phrase, scopes: parts.filter((p) => p !== valuePart).map((p) => p.phrase) };
  return { kind: 'unknown', reason: 'The step does not give the value to check in quotes' };
}

/** "2 items", "6 products": a whole number followed by what is counted. */
function countOf(sentence: Sentence, parts: Part[], scope: Phrase | null): Intent | null {
  for (const part of parts) {
    const words = part.phrase.words;
    for (let i = 0; i + 1 < words.length; i++) {
      const slot: Slot | undefined = words[i].slot;
      const noun = words[i + 1];
      if (slot?.type === 'int' && !noun.slot && noun.tags.has('Noun')) {
        return { kind: 'assertCount', count: slot, noun: noun.root, scope: scope === part.phrase ? null : scope };
      }
    }
  }
  return null;
}

/** "the number of items in the cart is 2": what is counted follows "number of" or "count of". */
function numberOf(sentence: Sentence, slot: Slot | undefined): Intent | null {
  if (slot?.type !== 'int') return null;
  const words = sentence.subject;
  const last = words[words.length - 1];
  // "the cart count is 5": the number of items in it.
  if (words.length > 1 && (last.normal === 'count' || last.normal === 'number')) {
    return { kind: 'assertCount', count: slot, noun: 'item', scope: phraseOf(sentence, words.slice(0, -1)) };
  }
  const at = words.findIndex((w, i) => (w.normal === 'number' || w.normal === 'count') && words[i + 1]?.normal === 'of');
  const noun = at >= 0 ? words[at + 2] : undefined;
  if (!noun || !noun.tags.has('Noun')) return null;
  const rest = words.slice(at + 3).filter((w) => !PREPOSITION_WORDS.has(w.normal));
  return { kind: 'assertCount', count: slot, noun: noun.root, scope: rest.length > 0 ? phraseOf(sentence, rest) : null };
}
