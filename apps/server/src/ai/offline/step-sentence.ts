import { nlp, type NlpDoc } from '../nlp.ts';

/** A value of the step that becomes a parameter: a quoted string or a number, with its place in the text. */
export interface Slot {
  type: 'string' | 'int' | 'float';
  /** Character span in the step text, quotes included. */
  start: number;
  end: number;
  value: string;
}

export interface Word {
  text: string;
  /** Lower case, without punctuation. */
  normal: string;
  /** Dictionary form (infinitive, singular). */
  root: string;
  tags: Set<string>;
  start: number;
  end: number;
  /** The quoted value or number this word belongs to. */
  slot?: Slot;
}

/** A stretch of the sentence after its verb, introduced by a preposition or not: "into | the email field". */
export interface Segment {
  prep: string | null;
  /** The preposition's own word, when there is one. */
  prepWord?: Word;
  words: Word[];
}

export interface Sentence {
  text: string;
  words: Word[];
  /** Words before the verb ("the cart total"), without a leading "I". */
  subject: Word[];
  /** The main verb's infinitive, with its particle: "log out", "fill in", "see". */
  verb: string | null;
  verbRoot: string | null;
  modal: boolean;
  negated: boolean;
  /** A form of "be" before the verb or as the verb ("is displayed", "should be"). */
  copula: boolean;
  segments: Segment[];
  slots: Slot[];
}

/** Verbs a step may start with that the tagger reads as nouns or adjectives at the start of an imperative ("Tick the box"). */
const STEP_VERBS = new Set(['open', 'click', 'tap', 'tick', 'untick', 'check', 'uncheck', 'select', 'choose', 'enter', 'type', 'fill', 'press', 'hover', 'upload', 'wait', 'search', 'go', 'visit', 'navigate', 'add', 'remove', 'set', 'clear', 'submit', 'place', 'proceed', 'log', 'sign', 'accept']);
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'user']);
/** Words that start a new segment after the verb. */
export const PREPOSITIONS = new Set(['to', 'into', 'in', 'on', 'onto', 'from', 'with', 'as', 'for', 'of', 'over', 'at', 'by', 'inside', 'within', 'under', 'until', 'till', 'after', 'before', 'near', 'next', 'beside', 'below', 'above', 'via', 'than']);

interface TermJson {
  text: string;
  pre: string;
  post: string;
  normal: string;
  root?: string;
  tags: string[];
  offset: { start: number; length: number };
}

/** Parses one English step (without its Gherkin keyword) with compromise. */
export function parseSentence(text: string): Sentence {
  const doc = nlp(text);
  doc.compute('root');
  const terms = (doc.json({ offset: true, terms: { offset: true } }) as Array<{ terms: TermJson[] }>).flatMap((s) => s.terms);
  const slots = [...quotedSlots(doc, terms, text)];
  const words: Word[] = terms.map((t) => ({
    text: t.text,
    normal: t.normal.replace(/[^\p{L}\p{N}']+/gu, ''),
    root: (t.root || t.normal).toLowerCase(),
    tags: new Set(t.tags),
    start: t.offset.start,
    end: t.offset.start + t.offset.length,
  }));
  for (const word of words) word.slot = slots.find((s) => word.start >= s.start && word.end <= s.end);
  for (const word of words) {
    const number = word.slot ? null : numberSlot(word, text);
    if (number) {
      slots.push(number);
      word.slot = number;
    }
  }
  slots.sort((a, b) => a.start - b.start);
  return { text, words, slots, ...verbGroup(words) };
}

function quotedSlots(doc: NlpDoc, terms: TermJson[], text: string): Slot[] {
  const out: Slot[] = [];
  const quotes = doc.quotations().json({ offset: true, terms: { offset: true } }) as Array<{ terms: TermJson[] }>;
  for (const q of quotes) {
    const first = q.terms[0];
    const last = q.terms[q.terms.length - 1];
    if (!first || !last) continue;
    const mark = [...first.pre].reverse().find((c) => c === '"' || c === "'");
    if (!mark) continue;
    const start = first.offset.start - (first.pre.length - first.pre.lastIndexOf(mark));
    const close = last.post.indexOf(mark);
    if (close < 0 || text[start] !== mark) continue;
    const end = last.offset.start + last.offset.length + close + 1;
    out.push({ type: 'string', start, end, value: text.slice(start + 1, end - 1) });
  }
  // An empty pair of quotes is one term of its own.
  for (const t of terms) {
    if ((t.text === '""' || t.text === "''") && !out.some((s) => s.start <= t.offset.start && s.end > t.offset.start)) {
      out.push({ type: 'string', start: t.offset.start, end: t.offset.start + 2, value: '' });
    }
  }
  return out;
}

/** A number term ("3", "1.5", the digits of "$49.99") as an int or float slot. */
function numberSlot(word: Word, text: string): Slot | null {
  // The tagger reads some numerals as units ("1 second"): a word that starts with a digit is one too.
  if (!word.tags.has('NumericValue') && !word.tags.has('Money') && !/^\d/.test(word.text)) return null;
  if (word.tags.has('Ordinal')) return null;
  const raw = text.slice(word.start, word.end);
  const digits = raw.match(/-?\d+(?:\.\d+)?/);
  if (!digits || digits.index === undefined) return null;
  const start = word.start + digits.index;
  const value = digits[0];
  return { type: value.includes('.') ? 'float' : 'int', start, end: start + value.length, value };
}

function verbGroup(words: Word[]): Omit<Sentence, 'text' | 'words' | 'slots'> {
  const isVerb = (w: Word) => !w.slot && w.tags.has('Verb');
  let at = words.findIndex((w, i) => isVerb(w) || (i === firstContentIndex(words) && STEP_VERBS.has(w.normal)));
  if (at < 0) return { subject: words, verb: null, verbRoot: null, modal: false, negated: words.some((w) => w.tags.has('Negative')), copula: false, segments: [] };
  // "the status message says": two verbs in a row after a noun subject; the first one is a noun the tagger misread.
  while (at > 0 && !SUBJECT_PRONOUNS.has(words[at - 1].normal) && isPlainVerb(words[at]) && words[at + 1] && isVerb(words[at + 1]) && !words[at + 1].tags.has('Particle')) at++;
  const subject = words.slice(0, at).filter((w, i) => !(i === 0 && SUBJECT_PRONOUNS.has(w.normal)));
  let modal = false;
  let negated = false;
  let copula = false;
  let main: Word | null = null;
  let particle: string | null = null;
  for (; at < words.length; at++) {
    const w = words[at];
    if (w.slot) break;
    if (w.tags.has('Negative')) negated = true;
    else if (w.tags.has('Modal') || (w.tags.has('Auxiliary') && !w.tags.has('Copula') && w.root !== 'be')) modal ||= w.tags.has('Modal');
    else if (w.tags.has('Copula') || w.root === 'be' || w.root === 'is') {
      copula = true;
      main = w;
    } else if (w.tags.has('Particle') && main) particle = w.normal;
    else if ((w.tags.has('Verb') || (STEP_VERBS.has(w.normal) && !w.tags.has('Adjective'))) && (!main || isBe(main))) main = w;
    else break;
  }
  const verbRoot = main ? normalRoot(main) : null;
  return {
    subject,
    verb: verbRoot && particle ? `${verbRoot} ${particle}` : verbRoot,
    verbRoot,
    modal,
    negated,
    copula,
    segments: segmentsOf(words.slice(at)),
  };
}

function isBe(w: Word): boolean {
  return w.tags.has('Copula') || w.root === 'be' || w.root === 'is';
}

function isPlainVerb(w: Word): boolean {
  return w.tags.has('Verb') && !w.tags.has('Auxiliary') && !w.tags.has('Copula') && !w.tags.has('Modal') && !w.tags.has('Particle');
}

function firstContentIndex(words: Word[]): number {
  return words[0] && SUBJECT_PRONOUNS.has(words[0].normal) ? 1 : 0;
}

function normalRoot(w: Word): string {
  if (w.tags.has('Copula') || w.root === 'is' || w.root === 'am' || w.root === 'are') return 'be';
  return w.root.replace(/[^\p{L}]+/gu, '');
}

/** Splits what follows the verb at prepositions; a quoted value never splits. */
function segmentsOf(rest: Word[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment = { prep: null, words: [] };
  for (const w of rest) {
    if (!w.slot && PREPOSITIONS.has(w.normal) && !w.tags.has('Particle')) {
      if (current.words.length > 0 || current.prep) segments.push(current);
      current = { prep: w.normal, prepWord: w, words: [] };
    } else current.words.push(w);
  }
  if (current.words.length > 0 || current.prep) segments.push(current);
  return segments;
}
