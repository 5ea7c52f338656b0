import * as acorn from 'acorn';
import type { Expression, Node } from 'acorn';
import { jsString } from '../offline/locator.ts';

/** The last call of a locator chain as Playwright writes it: `locator('form').getByLabel('Email')` -> getByLabel, ['Email']. */
export interface LocatorCall {
  method: string;
  args: unknown[];
}

const NOT_STATIC = Symbol('not static');

/** The value of a literal expression (strings, numbers, booleans, regular expressions, objects of those); NOT_STATIC otherwise. */
function staticValue(node: Node): unknown {
  switch (node.type) {
    case 'Literal': {
      const lit = node as acorn.Literal;
      if (lit.regex) return { regex: lit.regex.pattern, flags: lit.regex.flags };
      return lit.value;
    }
    case 'TemplateLiteral': {
      const t = node as acorn.TemplateLiteral;
      return t.expressions.length === 0 ? t.quasis.map((q) => q.value.cooked).join('') : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const u = node as acorn.UnaryExpression;
      const v = staticValue(u.argument);
      return u.operator === '-' && typeof v === 'number' ? -v : NOT_STATIC;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of (node as acorn.ObjectExpression).properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init') return NOT_STATIC;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;
        const value = staticValue(p.value);
        if (key === null || value === NOT_STATIC) return NOT_STATIC;
        out[key] = value;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

function argsOf(call: acorn.CallExpression): unknown[] | null {
  const values = call.arguments.map((a) => staticValue(a));
  return values.some((v) => v === NOT_STATIC) ? null : values;
}

/** The last call of a Playwright locator description, or null when it is not one. */
export function parseLocatorCall(description: string): LocatorCall | null {
  return parseLocatorChain(description)?.at(-1) ?? null;
}

/** A call of a locator chain and the chain up to it as Playwright writes it (`getByRole('group', { name: 'Shipping' })`). */
export interface ChainCall extends LocatorCall {
  prefix: string;
}

/** Every call of a Playwright locator description, from the page on; null when a call has arguments that are not literal. */
export function parseLocatorChain(description: string): ChainCall[] | null {
  const head = '__p.';
  let expr: Expression;
  try {
    expr = acorn.parseExpressionAt(`${head}${description}`, 0, { ecmaVersion: 'latest' });
  } catch {
    return null;
  }
  if (expr.end !== head.length + description.length) return null;
  const calls: ChainCall[] = [];
  let node: Expression = expr;
  while (node.type === 'CallExpression') {
    if (node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return null;
    const args = argsOf(node);
    if (!args) return null;
    calls.unshift({ method: node.callee.property.name, args, prefix: description.slice(0, node.end - head.length) });
    node = node.callee.object as Expression;
  }
  return node.type === 'Identifier' && calls.length ? calls : null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, normalise(x)]));
  return v;
}

/** JavaScript text of call arguments, in Playwright's style: `'button', { name: 'Add to basket', exact: true }`. */
export function argsText(args: readonly unknown[]): string {
  const one = (v: unknown): string => {
    if (typeof v === 'string') return jsString(v);
    if (v && typeof v === 'object' && 'regex' in v && 'flags' in v) return `/${String((v as { regex: string }).regex)}/${String((v as { flags: string }).flags)}`;
    if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k)}: ${one(x)}`);
      return entries.length ? `{ ${entries.join(', ')} }` : '{}';
    }
    return String(v);
  };
  return args.map(one).join(', ');
}

/** A call `X.method(...)` whose literal arguments are those of `c`. */
function isCall(n: unknown, c: LocatorCall): n is acorn.CallExpression {
  const call = n as acorn.CallExpression;
  if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.computed || call.callee.property.type !== 'Identifier') return false;
  const args = argsOf(call);
  return call.callee.property.name === c.method && !!args && same(args, c.args);
}

/**
 * The function source with each call `edit` rewrites (its text from `start` to the call's end replaced,
 * positions in the source); null when the source does not parse or nothing was rewritten.
 */
function rewriteCalls(code: string, edit: (call: acorn.CallExpression) => { start: number; text: string } | null): string | null {
  // The source is parsed as `(source)`: positions are one further on.
  const offset = 1;
  let program: acorn.Program;
  try {
    program = acorn.parse(`(${code})`, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true });
  } catch {
    return null;
  }
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node & Record<string, unknown>;
    if (n.type === 'CallExpression') {
      const e = edit(n as unknown as acorn.CallExpression);
      if (e) edits.push({ start: e.start - offset, end: n.end - offset, text: e.text });
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && key !== 'start' && key !== 'end' && typeof value === 'object') visit(value);
  };
  visit(program);
  if (!edits.length) return null;
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * The function source with every call `method(...)` whose literal arguments are `from`'s given
 * `to`'s method and arguments instead; null when the code writes no such call with literal values.
 */
export function replaceLocatorCall(code: string, from: LocatorCall, to: LocatorCall): string | null {
  return rewriteCalls(code, (call) => (isCall(call, from) ? { start: (call.callee as acorn.MemberExpression).property.start, text: `${to.method}(${argsText(to.args)})` } : null));
}

/** The function source with `X.container(...).last(...)` (literal arguments as given) written `X.last(...)`; null when absent. */
export function replaceChain(code: string, container: LocatorCall, last: LocatorCall): string | null {
  return rewriteCalls(code, (call) => {
    const callee = call.callee;
    if (!isCall(call, last) || callee.type !== 'MemberExpression' || !isCall(callee.object, container)) return null;
    return { start: (callee.object.callee as acorn.MemberExpression).property.start, text: `${last.method}(${argsText(last.args)})` };
  });
}
