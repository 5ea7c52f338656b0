import { nlp } from '../nlp.ts';
import { nameScore, rootOf, sameActionVerbs, wordsOf } from '../offline/name-match.ts';
import type { Candidate } from './candidate.ts';

/** A word of the description that can say what to test: a noun, a verb or an adjective, as its root. */
export interface Term {
  word: string;
  verb: boolean;
}

/** Words of a request for tests that say nothing about the application. */
const META = new Set(['test', 'tests', 'testing', 'scenario', 'scenarios', 'idea', 'ideas', 'want', 'need', 'try', 'make', 'sure', 'case', 'cases', 'check', 'verify', 'ensure', 'able', 'user', 'users', 'be', 'have', 'do', 'can', 'should', 'would', 'let']);
const SKIP_TAGS = ['Pronoun', 'Possessive', 'Determiner', 'Preposition', 'Conjunction', 'Auxiliary', 'Modal', 'Copula', 'Particle', 'QuestionWord'];
/** A word of the idea's own name counts in full; one of the pages or elements it touches, a little less. */
const CONTEXT_WEIGHT = 0.8;

/** The description's meaningful terms (compromise tags each word; roots make "searching" match "search"). */
export function descriptionTerms(description: string): Term[] {
  const doc = nlp(description);
  const sentences = doc.json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>;
  const terms: Term[] = [];
  const seen = new Set<string>();
  for (const t of sentences.flatMap((s) => s.terms)) {
    const normal = t.normal.replace(/[^\p{L}\p{N}-]/gu, '');
    if (!normal || META.has(normal) || t.tags.some((tag) => SKIP_TAGS.includes(tag))) continue;
    if (!t.tags.some((tag) => tag === 'Noun' || tag === 'Verb' || tag === 'Adjective')) continue;
    const word = rootOf(normal);
    if (META.has(word) || seen.has(word)) continue;
    seen.add(word);
    terms.push({ word, verb: t.tags.includes('Verb') });
  }
  return terms;
}

/** How well one term is met by a word (1 the same, synonyms and typos less; a verb by the verbs of the same action, 0.9). */
function termScore(term: Term, word: string): number {
  let best = nameScore(term.word, word);
  if (term.verb) for (const alt of sameActionVerbs(term.word).slice(1)) best = Math.max(best, 0.9 * nameScore(alt, word));
  return best;
}

/** 0..1: the share of the description's terms the idea is about (its name first, then what it touches). */
export function relevance(terms: readonly Term[], candidate: Candidate): number {
  if (terms.length === 0) return 0;
  const own = [...new Set(wordsOf(candidate.name))];
  const context = [...new Set(candidate.vocabulary.flatMap(wordsOf))];
  let total = 0;
  for (const term of terms) {
    const inName = Math.max(0, ...own.map((w) => termScore(term, w)));
    const around = CONTEXT_WEIGHT * Math.max(0, ...context.map((w) => termScore(term, w)));
    total += Math.max(inName, around);
  }
  return total / terms.length;
}

/** Ideas by relevance to the description, then by what they do (priority), then as built: the same input, the same order. */
export function rank(description: string, candidates: readonly Candidate[]): Candidate[] {
  const terms = descriptionTerms(description);
  const scored = candidates.map((c, i) => ({ c, i, score: Math.round(relevance(terms, c) * 1000) }));
  scored.sort((a, b) => b.score - a.score || b.c.priority - a.c.priority || a.i - b.i);
  return scored.map((s) => s.c);
}
