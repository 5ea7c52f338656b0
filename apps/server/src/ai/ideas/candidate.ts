import { nlp } from '../nlp.ts';
import { NAME_MAX, type IdeaParameter, type IdeaStep } from '@stepwise/shared';
import { identifierFrom } from '../offline/step-expression.ts';
import type { ItemAction } from './phrases.ts';

/** An idea before it is ranked: its steps, parameters and the words it is about. */
export interface Candidate {
  name: string;
  steps: IdeaStep[];
  params: IdeaParameter[];
  /** Names of the pages, elements and routes it touches (matched against the description). */
  vocabulary: string[];
  /** Order among ideas the description ranks alike: flows that do more first. */
  priority: number;
}

/** A scenario name the spec accepts: letters, digits, spaces, _ - ( ); at most 80 characters. */
export function scenarioName(text: string): string {
  const clean = text.replace(/[^A-Za-z0-9 _\-()]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (clean.length <= NAME_MAX) return clean;
  return clean.slice(0, NAME_MAX).replace(/\s+\S*$/, '').trim();
}

/** Parameters with names unique in the idea: `product`, `fullName`, `email`, `email2`. */
export class ParamSet {
  readonly rows: IdeaParameter[] = [];

  /** Adds a parameter named after `words` with `value`; returns its `<placeholder>`. */
  add(words: string, value: string, fallback = 'value'): string {
    const base = identifierFrom([words], fallback);
    let key = base;
    for (let i = 2; this.rows.some((r) => r.key === key); i++) key = `${base}${i}`;
    this.rows.push({ key, value });
    return `<${key}>`;
  }
}

/** The thing a list holds, singular and lower case: "Products" -> "product"; "item" when it says nothing. */
export function itemNoun(listName: string | null): string {
  if (!listName) return 'item';
  const nouns = nlp(listName).nouns().toSingular().out('array') as string[];
  const word = (nouns[0] ?? '').toLowerCase().split(/\s+/).pop() ?? '';
  return /^[a-z][a-z-]{1,30}$/.test(word) ? word : 'item';
}

const PREPOSITIONS = new Set(['to', 'into', 'in', 'on', 'from', 'for', 'onto']);
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'your', 'this']);

/** A button's action, when its name starts with a verb: "Add to cart" -> add / "to the cart" / cart. */
export function itemAction(button: string): ItemAction | null {
  const terms = (nlp(button).json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>)[0]?.terms ?? [];
  if (terms.length === 0 || !terms[0].tags.includes('Verb') || !/^[a-z]+$/.test(terms[0].normal)) return null;
  const rest = terms.slice(1).map((t) => t.normal).filter(Boolean);
  if (rest.length >= 2 && PREPOSITIONS.has(rest[0]) && !DETERMINERS.has(rest[1])) rest.splice(1, 0, 'the');
  const object = rest.filter((w) => !PREPOSITIONS.has(w) && !DETERMINERS.has(w)).pop() ?? null;
  return { button, verb: terms[0].normal, rest: rest.join(' '), object };
}
