import { nameScore, wordsOf } from '../offline/name-match.ts';
import type { FormField } from './page-model.ts';

/** Example values by what a field is called; the first name that fits best wins. */
const EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['email', 'ada@example.com'],
  ['password', 'Secret123!'],
  ['username', 'ada'],
  ['user', 'ada'],
  ['login', 'ada'],
  ['full name', 'Ada Lovelace'],
  ['first name', 'Ada'],
  ['given name', 'Ada'],
  ['last name', 'Lovelace'],
  ['surname', 'Lovelace'],
  ['name', 'Ada Lovelace'],
  ['address', '12 Analytical Street'],
  ['street', '12 Analytical Street'],
  ['city', 'London'],
  ['town', 'London'],
  ['postcode', 'SW1A 1AA'],
  ['zip', '94103'],
  ['phone', '+44 20 7946 0958'],
  ['company', 'Analytical Engines'],
  ['quantity', '2'],
  ['amount', '2'],
  ['age', '36'],
  ['date', '2030-01-15'],
  ['card number', '4242 4242 4242 4242'],
  ['cvc', '123'],
  ['subject', 'A question about my order'],
  ['message', 'Hello from Stepwise'],
  ['comment', 'Hello from Stepwise'],
  ['title', 'My first note'],
  ['website', 'https://example.com'],
];
/** Fields whose value a page often tells (a demo account: "username demo, password demo123"). */
const TOLD = new Set(['email', 'password', 'username', 'user', 'login']);
/** Words that never are a value told after a field's name. */
const NOT_A_VALUE = new Set(['and', 'or', 'is', 'are', 'to', 'the', 'a', 'an', 'your', 'my', 'here', 'below', 'field', 'with', 'of', 'for', 'in', 'on']);
const FALLBACK = 'Sample text';

function bestExample(name: string): readonly [string, string] | null {
  let best: readonly [string, string] | null = null;
  let score = 0.5;
  for (const entry of EXAMPLES) {
    const s = nameScore(entry[0], name);
    if (s > score) {
      best = entry;
      score = s;
    }
  }
  return best;
}

/** Tokens of the page's text with punctuation around them dropped ("demo123." -> "demo123"). */
function tokens(texts: readonly string[]): string[] {
  return texts.flatMap((t) => t.split(/\s+/)).map((t) => t.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}@]+$/gu, '')).filter(Boolean);
}

/** The value the page tells for a field ("username demo" in "Use the demo account: username demo, password demo123"). */
function toldValue(field: string, pageTexts: readonly string[]): string | null {
  const said = tokens(pageTexts);
  const names = new Set(wordsOf(field));
  for (let i = 0; i < said.length - 1; i++) {
    if (!names.has(said[i].toLowerCase())) continue;
    const next = said[i + 1];
    if (!NOT_A_VALUE.has(next.toLowerCase()) && !TOLD.has(next.toLowerCase()) && !next.includes('"')) return next;
  }
  return null;
}

/**
 * An example value for a field: a combobox's first option other than the one selected (so that the
 * step changes something), a value the page itself tells for credentials, else one by the field's name.
 */
export function exampleValue(field: FormField, pageTexts: readonly string[]): string {
  if (field.role === 'combobox') return field.options.find((o) => o !== field.selected && !o.includes('"')) ?? field.selected ?? FALLBACK;
  const example = bestExample(field.name);
  if (example && TOLD.has(example[0])) {
    const told = toldValue(field.name, pageTexts);
    if (told) return told;
  }
  if (field.role === 'spinbutton') return '2';
  return example?.[1] ?? FALLBACK;
}

/** Whether the field asks for a password (a form holding one is a sign-in form). */
export function isPasswordField(field: FormField): boolean {
  return field.role === 'textbox' && nameScore('password', field.name) >= 0.8;
}
