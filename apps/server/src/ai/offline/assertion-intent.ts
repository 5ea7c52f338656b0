import type { Intent } from './intent-types.ts';
import { phraseOf, type Part, type Phrase } from './step-phrase.ts';
import type { Sentence, Slot } from './step-sentence.ts';

/** Verbs that state what the page shows rather than do something on it. */
export const ASSERT_VERBS = new Set(['see', 'show', 'display', 'contain', 'include', 'read', 'say', 'equal', 'appear', 'disappear', 'match', 'cost', 'have', 'list', 'mention', 'become', 'remain', 'exist', 'notice', 'be', 'redirect', 'take', 'land', 'end', 'start', 'bring', 'send']);

const URL_WORDS = new Set(['url', 'uri', 'location', 'path', 'address']);
const PLACE_SUBJECTS = new Set(['page', 'screen', 'site', 'it', 'app', 'application', 'browser', 'window', 'shop']);
const VISIBLE = new Set(['visible', 'displayed', 'shown', 'present', 'there', 'available', 'showing', 'rendered']);
const HIDDEN = new Set(['hidden', 'gone', 'invisible', 'absent', 'missing']);
const CHECKED = new Set(['checked', 'ticked', 'selected']);
const UNCHECKED = new Set(['unchecked', 'unticked', 'unselected']);
const ARRIVE = new Set(['be', 'land', 'redirect', 'take', 'bring', 'send']);
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

  const aboutPlace = !subject || (!subject.slot && subjectWords.length > 0 && subjectWords.every((w) => PLACE_SUBJECTS.has(w)));
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
  const count = countOf(sentence, parts, subject);
  if (count) return count;
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
