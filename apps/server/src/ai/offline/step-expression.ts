import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { parse } from 'acorn';
import type { Slot } from './step-sentence.ts';

/** Characters with a meaning in a Cucumber expression: written as text, they take a backslash. */
const SPECIAL = new Set(['(', ')', '{', '}', '/', '\\']);

function escapeText(text: string): string {
  return [...text].map((c) => (SPECIAL.has(c) ? `\\${c}` : c)).join('');
}

/** The Cucumber expression of a step whose slots become `{string}`, `{int}` and `{float}`. */
export function buildExpression(text: string, slots: Slot[]): string {
  let out = '';
  let at = 0;
  for (const slot of [...slots].sort((a, b) => a.start - b.start)) {
    out += escapeText(text.slice(at, slot.start)) + `{${slot.type}}`;
    at = slot.end;
  }
  return out + escapeText(text.slice(at));
}

/** The arguments a step text gives an expression, as cucumber-js passes them; null when it does not match. */
export function matchStep(expression: string, text: string): unknown[] | null {
  const args = new CucumberExpression(expression, new ParameterTypeRegistry()).match(text);
  return args ? args.map((a) => a.getValue(null)) : null;
}

function isIdentifier(name: string): boolean {
  try {
    // Strict (module) code: reserved words, `eval` and `arguments` are refused as parameter names.
    parse(`async function f(${name}) {}`, { ecmaVersion: 'latest', sourceType: 'module' });
    return true;
  } catch {
    return false;
  }
}

/** A camelCase identifier from a few words: "full name" -> fullName, "Search products" -> searchProducts. */
export function identifierFrom(words: string[], fallback: string): string {
  const parts = words
    .flatMap((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').normalize('NFKD').toLowerCase().split(/[^a-z0-9]+/))
    .filter(Boolean)
    .slice(0, 3);
  let name = parts.map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');
  if (/^[0-9]/.test(name)) name = `${fallback}${name[0].toUpperCase()}${name.slice(1)}`;
  if (!name) name = fallback;
  return isIdentifier(name) ? name : `${name}Value`;
}

/** Names made unique in order: email, email2, email3. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}${count}`;
  });
}
