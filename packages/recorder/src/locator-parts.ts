import * as acorn from 'acorn';
import type { Expression } from 'acorn';

/** One call of a locator chain, with its literal arguments: `getByRole('button', { name: 'Buy' })`. */
export interface LocatorPart {
  method: string;
  args: unknown[];
}

/** The methods a recorded locator chain may call (all of them return a Locator or a FrameLocator). */
const LOCATOR_METHODS = new Set([
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByTestId', 'getByAltText', 'getByTitle',
  'filter', 'first', 'last', 'nth', 'and', 'or', 'contentFrame', 'frameLocator', 'owner',
]);

const NOT_LITERAL = Symbol('not literal');

/** The value of a literal argument: strings, numbers, booleans, regular expressions, objects and nested locators of those. */
function literal(node: Expression): unknown {
  switch (node.type) {
    case 'Literal':
      return node.regex ? new RegExp(node.regex.pattern, node.regex.flags) : node.value;
    case 'UnaryExpression': {
      const v = literal(node.argument);
      return node.operator === '-' && typeof v === 'number' ? -v : NOT_LITERAL;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method || p.shorthand) return NOT_LITERAL;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;
        const value = literal(p.value as Expression);
        if (key === null || value === NOT_LITERAL) return NOT_LITERAL;
        // Nested locators (filter({ has: page.getByText(...) })) are kept as their parts.
        out[key] = value;
      }
      return out;
    }
    case 'CallExpression':
      return chainOf(node) ?? NOT_LITERAL;
    default:
      return NOT_LITERAL;
  }
}

/** `page.a(..).b(..)` as its calls, each a locator method with literal arguments; null for anything else. */
function chainOf(node: Expression): LocatorPart[] | null {
  const parts: LocatorPart[] = [];
  let cur: Expression = node;
  for (;;) {
    if (cur.type === 'Identifier') return cur.name === 'page' && parts.length > 0 ? parts.reverse() : null;
    if (cur.type !== 'CallExpression' || cur.callee.type !== 'MemberExpression' || cur.callee.computed || cur.optional) return null;
    const member = cur.callee;
    if (member.property.type !== 'Identifier' || !LOCATOR_METHODS.has(member.property.name)) return null;
    const args: unknown[] = [];
    for (const a of cur.arguments) {
      if (a.type === 'SpreadElement') return null;
      const v = literal(a);
      if (v === NOT_LITERAL) return null;
      args.push(v);
    }
    parts.push({ method: member.property.name, args });
    if (member.object.type === 'Super') return null;
    cur = member.object;
  }
}

/**
 * The calls of a locator written as Playwright writes it relative to the page (`getByRole('button', { name: 'Buy' })`,
 * `locator('form').getByLabel('Email')`), each with literal arguments only; null for anything else (which is how a
 * recorded locator is checked before it becomes step code).
 */
export function locatorParts(locator: string): LocatorPart[] | null {
  if (locator.length > 2000) return null;
  let expr: Expression;
  try {
    expr = acorn.parseExpressionAt(`page.${locator}`, 0, { ecmaVersion: 'latest' });
  } catch {
    return null;
  }
  if (expr.end !== locator.length + 'page.'.length) return null;
  return chainOf(expr);
}

/** A JavaScript string literal as Playwright writes them (single quotes). */
export function jsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

/** Source text of a literal value (as `literal` reads it back). */
export function literalText(value: unknown): string {
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof RegExp) return value.toString();
  if (Array.isArray(value)) return `page.${partsText(value as LocatorPart[])}`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k)}: ${literalText(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  throw new Error('Not a literal');
}

/** The chain written back from its parts: nothing of the original text survives but literals re-quoted. */
export function partsText(parts: readonly LocatorPart[]): string {
  return parts.map((p) => `${p.method}(${p.args.map(literalText).join(', ')})`).join('.');
}
