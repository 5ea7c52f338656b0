import { nlp } from '../nlp.ts';
import { distance } from 'fastest-levenshtein';

/** Words that carry no meaning when a phrase is compared with an element's name. */
const FILLER = new Set(['the', 'a', 'an', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'this', 'that', 'these', 'those', 'to', 'of', 'for', 'with', 'and', 'or', 'some', 'any']);

/** Verbs for the same action on a control: "put it in the cart" presses "Add to cart", "delete" presses "Remove". */
const SAME_ACTION: Record<string, string[]> = {
  put: ['add'],
  buy: ['add'],
  purchase: ['add', 'buy'],
  order: ['add', 'place'],
  delete: ['remove'],
  erase: ['remove'],
  discard: ['remove'],
  drop: ['remove'],
  submit: ['send', 'save', 'log', 'sign', 'place', 'confirm', 'continue'],
  send: ['submit'],
  sign: ['log'],
  log: ['sign'],
  checkout: ['proceed', 'checkout'],
  empty: ['clear', 'remove'],
};

/** The verb and the verbs a control may use for the same action. */
export function sameActionVerbs(verb: string): string[] {
  return [verb, ...(SAME_ACTION[verb] ?? [])];
}

const roots = new Map<string, string>();

/** The word's dictionary form (plural -> singular, conjugated verb -> infinitive), lower case. */
export function rootOf(word: string): string {
  const lower = word.toLowerCase();
  let root = roots.get(lower);
  if (root === undefined) {
    const doc = nlp(lower);
    doc.compute('root');
    const term = (doc.json() as Array<{ terms: Array<{ root?: string; normal: string }> }>)[0]?.terms[0];
    root = term?.root || term?.normal || lower;
    roots.set(lower, root);
  }
  return root;
}

/** Lower-case words of a text, split at anything that is not a letter or a digit. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Meaningful word roots of a text. */
export function keyWords(text: string): string[] {
  return wordsOf(text).filter((w) => !FILLER.has(w)).map(rootOf);
}

/** Words an interface uses for the same thing. */
const SYNONYMS = [
  ['shipping', 'delivery', 'postage', 'ship'],
  ['cart', 'basket', 'trolley'],
  ['email', 'mail'],
  ['postcode', 'zip', 'postal'],
  ['phone', 'telephone', 'mobile'],
  ['quantity', 'qty', 'amount'],
  ['surname', 'last', 'family'],
  ['search', 'find'],
  ['remove', 'delete'],
  ['checkout', 'pay'],
];
const SYNONYM_OF = new Map(SYNONYMS.flatMap((group) => group.map((w) => [w, group] as const)));

function sameWord(a: string, b: string): number {
  if (a === b) return 1;
  if (SYNONYM_OF.get(a)?.includes(b)) return 0.9;
  // One typo in a longer word still counts, a little less.
  if (a.length >= 5 && b.length >= 5 && distance(a, b) <= 1) return 0.8;
  return 0;
}

/** How many of `query`'s words appear in `name` (0..|query|), typos counted in part. */
function overlap(query: string[], name: string[]): number {
  let total = 0;
  for (const q of query) total += Math.max(0, ...name.map((n) => sameWord(q, n)));
  return total;
}

/**
 * How well a phrase names an element, 0..1: 1 for the same text, 0.95 for the same words in other case,
 * spacing or form ("log in" / "Login"), then by the share of the phrase's words found in the name
 * and of the name's words found in the phrase.
 */
export function nameScore(phrase: string, name: string): number {
  if (!phrase || !name) return 0;
  if (phrase === name) return 1;
  const a = wordsOf(phrase);
  const b = wordsOf(name);
  if (a.join('') === b.join('') && a.length > 0) return 0.95;
  const q = keyWords(phrase);
  const n = keyWords(name);
  if (q.length === 0 || n.length === 0) return 0;
  if (q.join(' ') === n.join(' ')) return 0.93;
  const common = overlap(q, n);
  const phraseCovered = common / q.length;
  const nameCovered = Math.min(1, common / n.length);
  if (phraseCovered < 0.5) return 0;
  return 0.55 * phraseCovered + 0.35 * nameCovered;
}

/** The share of `name`'s words present in `words` (a whole sentence): "Add to cart" in "I add the mug to the cart" is 1. */
export function nameCoverage(words: string[], name: string): number {
  const n = keyWords(name);
  if (n.length === 0) return 0;
  return Math.min(1, overlap(n, words) / n.length);
}
