import { failedLocatorOf, plainMessage } from '@stepwise/runner';
import type { LocatorRepairRequest, LocatorRepairResult } from '../ai-types.ts';
import { ariaElements, describeElement, findTarget, nameSimilarity, type AriaElement, type LocatorTarget } from '../rca/aria-elements.ts';
import { argsText, parseLocatorChain, replaceChain, replaceLocatorCall, type ChainCall, type LocatorCall } from './locator-call.ts';

/**
 * Offline locator repair (AI recovery): the failing locator's element is looked for on the live page's
 * aria snapshot. A strict-mode violation keeps the element named exactly; a missing element is
 * replaced by the element of a compatible role whose name is most like the old one (words of the same
 * meaning counted as equal), when it stands out from the others. The step's code gets the new locator
 * where it wrote the old one with literal values; nothing is offered that the code cannot take.
 */

/** Words a redesign swaps for one another, each mapped to one of them. */
const SAME_MEANING: Record<string, string> = {
  basket: 'cart', bag: 'cart', trolley: 'cart',
  login: 'sign in', 'log in': 'sign in', signin: 'sign in',
  logout: 'sign out', 'log out': 'sign out', signout: 'sign out',
  'e-mail': 'email', mail: 'email',
  purchase: 'buy', delete: 'remove', find: 'search', 'check out': 'checkout',
  qty: 'quantity', telephone: 'phone', mobile: 'phone', surname: 'last name', forename: 'first name',
};
const SAME_MEANING_RE = new RegExp(`\\b(${Object.keys(SAME_MEANING).sort((a, b) => b.length - a.length).map((k) => k.replace(/[-\s]/g, '[-\\s]?')).join('|')})\\b`, 'gi');

function canonical(name: string): string {
  return name.toLowerCase().replace(SAME_MEANING_RE, (w) => SAME_MEANING[w.toLowerCase().replace(/\s+/g, ' ')] ?? SAME_MEANING[w.toLowerCase().replace(/[-\s]/g, '')] ?? w);
}

const WORD_RE = /[a-z0-9]+/g;
const FILLER = new Set(['the', 'a', 'an', 'your', 'my', 'to', 'of', 'and', 'now']);
const words = (s: string) => (canonical(s).match(WORD_RE) ?? []).filter((w) => !FILLER.has(w));

/** How well a page element's name stands for the old one, 0 to 1. */
export function renameScore(oldName: string, newName: string): number {
  if (!newName.trim()) return 0;
  let score = nameSimilarity(canonical(oldName), canonical(newName));
  const a = words(oldName);
  const b = new Set(words(newName));
  // Every meaningful word of the old name kept ("Checkout" -> "Proceed to checkout").
  if (a.length && a.every((w) => b.has(w))) score = Math.max(score, 0.75 + 0.2 / b.size);
  // Words kept, of the longer name's ("Search products" -> "Search the shop").
  const common = a.filter((w) => b.has(w)).length;
  if (common) score = Math.max(score, common / Math.max(a.length, b.size));
  return score;
}

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'listbox', 'slider', 'switch']);
const GOOD_ENOUGH = 0.5;
const STANDS_OUT = 0.08;

function compatible(e: AriaElement, target: LocatorTarget, method: string): boolean {
  if (method === 'filter') return true;
  if (method === 'getByRole') return target.roles.includes(e.role) || (FIELD_ROLES.has(e.role) && target.roles.some((r) => FIELD_ROLES.has(r)));
  if (method === 'getByLabel' || method === 'getByPlaceholder') return FIELD_ROLES.has(e.role);
  if (method === 'getByAltText') return e.role === 'img';
  return true;
}

const fail = (reason: string): LocatorRepairResult => ({ ok: false, reason });

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const opt = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** What one call of the chain looks for; null for a call that names nothing (getByRole('row'), first(), locator('css')). */
export function targetOf(call: ChainCall): LocatorTarget | null {
  const [first, second] = call.args;
  const exact = opt(second).exact === true;
  switch (call.method) {
    case 'getByRole': {
      const name = str(opt(second).name);
      return name === null ? null : { description: call.prefix, roles: [String(first)], name, exact, matchText: false };
    }
    case 'getByLabel':
    case 'getByPlaceholder':
      return str(first) === null ? null : { description: call.prefix, roles: [...FIELD_ROLES], name: str(first), exact, matchText: false };
    case 'getByText':
    case 'getByTitle':
      return str(first) === null ? null : { description: call.prefix, roles: [], name: str(first), exact, matchText: call.method === 'getByText' };
    case 'getByAltText':
      return str(first) === null ? null : { description: call.prefix, roles: ['img'], name: str(first), exact, matchText: false };
    case 'filter': {
      // The text may be the element's own or a descendant's: any element's text will do.
      const text = str(opt(first).hasText);
      return text === null ? null : { description: call.prefix, roles: [], name: text, exact: false, matchText: true };
    }
    default:
      return null;
  }
}

/** The new call for the element chosen, in the old call's manner where it can be. */
function newCall(old: LocatorCall, e: AriaElement, name: string, exact: boolean): LocatorCall {
  if (old.method === 'filter') return { method: 'filter', args: [{ ...opt(old.args[0]), hasText: name }] };
  const options = { ...opt(old.args[1]) };
  delete options.exact;
  if (old.method === 'getByText' || old.method === 'getByTitle' || old.method === 'getByAltText') {
    return { method: old.method, args: exact ? [name, { exact: true }] : [name] };
  }
  return { method: 'getByRole', args: [e.role, { ...options, name, ...(exact ? { exact: true } : {}) }] };
}

/** Names of the page's elements of the role that contain `name` besides the element itself: exact is needed then. */
function needsExact(elements: readonly AriaElement[], e: AriaElement, name: string): boolean {
  const n = name.toLowerCase();
  return elements.some((x) => x !== e && x.role === e.role && x.name.toLowerCase().includes(n));
}

type Choice = { ok: true; element: AriaElement; name: string; exact: boolean; why: string } | { ok: false; reason: string };

/** The element that took the place of a missing one: of a compatible role, the most alike by name, standing out from the next. */
function replacementFor(elements: readonly AriaElement[], call: ChainCall, target: LocatorTarget & { name: string }, url: string): Choice {
  const ranked = elements
    .filter((e) => compatible(e, target, call.method))
    .map((e) => ({ e, score: Math.max(renameScore(target.name, e.name), target.matchText ? renameScore(target.name, e.text) : 0) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  const runnerUp = ranked.find((c) => describeElement(c.e) !== describeElement(best.e));
  const considered = ranked.slice(0, 5).map((c) => `${describeElement(c.e)} (${c.score.toFixed(2)})`).join(', ') || 'none';
  if (!best || best.score < GOOD_ENOUGH) return { ok: false, reason: `Nothing on ${url} is like "${target.name}"; considered: ${considered}` };
  if (runnerUp && best.score - runnerUp.score < STANDS_OUT) return { ok: false, reason: `Two elements are as like "${target.name}" as each other: ${considered}` };
  const textual = target.matchText && renameScore(target.name, best.e.text) > renameScore(target.name, best.e.name);
  const name = textual ? best.e.text : best.e.name || best.e.text;
  return { ok: true, element: best.e, name, exact: false, why: `"${target.name}" is no longer on ${url}; ${describeElement(best.e)} took its place (likeness ${best.score.toFixed(2)})` };
}

/**
 * The first call of the failing locator's chain whose element is not on the page is repaired (a
 * renamed container, or the element itself); a strict-mode violation of the last call keeps the
 * element named exactly.
 */
export function repairLocatorOffline(req: LocatorRepairRequest): LocatorRepairResult {
  const error = plainMessage(req.error);
  const from = failedLocatorOf(error);
  if (!from) return fail('The failure is not a locator failure (no element waited for)');
  const chain = parseLocatorChain(from);
  if (!chain) return fail(`${from} is not a locator the page's accessibility tree can show`);
  const elements = ariaElements(req.page.aria);
  if (!elements.length) return fail('The page showed no elements to choose from');
  const url = req.page.url || 'the page';
  const strict = /strict mode violation/.test(error);
  for (const [i, call] of chain.entries()) {
    const target = targetOf(call);
    if (!target || target.name === null) continue;
    const named = target as LocatorTarget & { name: string };
    const found = findTarget(elements, named);
    const last = i === chain.length - 1;
    let choice: Choice | null = null;
    if (found.length === 0) choice = replacementFor(elements, call, named, url);
    else if (last && strict && found.length > 1) {
      const exactly = found.filter((e) => [e.name, e.text].some((n) => n.trim().toLowerCase() === named.name.trim().toLowerCase()));
      choice = exactly.length === 1
        ? { ok: true, element: exactly[0], name: named.name, exact: true, why: `${found.length} elements match ${from}; ${describeElement(exactly[0])} is the one named exactly "${named.name}"` }
        : { ok: false, reason: `${found.length} elements match ${from} and none is named exactly "${named.name}": ${found.slice(0, 5).map(describeElement).join(', ')}` };
    }
    if (!choice) continue;
    if (!choice.ok) return fail(choice.reason);
    const to = newCall(call, choice.element, choice.name, choice.exact || named.exact || needsExact(elements, choice.element, choice.name));
    const toText = `${to.method}(${argsText(to.args)})`;
    const code = replaceLocatorCall(req.code, call, to);
    if (!code) return fail(`${choice.why}, but the step's code does not write ${call.method}(${argsText(call.args)}) with literal values: the fix belongs in the step's text or its data`);
    const before = chain.slice(0, i).map((c) => c.prefix).at(-1);
    const whole = before ? `${before}.${toText}` : toText;
    return { ok: true, code, reasoning: `${choice.why}: ${whole}.`, replacement: { from: call.prefix, method: to.method, args: to.args, to: whole } };
  }
  return dropContainer(req, chain, elements) ?? fail(`Every element ${from} names is on ${url}: it failed for another reason (hidden, disabled, covered, or outside the container it is looked for in)`);
}

/**
 * An element moved out of its container (`getByRole('banner').getByRole('searchbox')` when the search
 * box left the header): when the page has exactly one element the last call finds, the container goes.
 */
function dropContainer(req: LocatorRepairRequest, chain: ChainCall[], elements: readonly AriaElement[]): LocatorRepairResult | null {
  if (chain.length !== 2 || chain[1].method !== 'getByRole') return null;
  const [container, last] = chain;
  const role = String(last.args[0]);
  const name = str(opt(last.args[1]).name);
  const matches = elements.filter((e) => e.role === role && (name === null || e.name.toLowerCase().includes(name.toLowerCase())));
  if (matches.length !== 1) return null;
  const code = replaceChain(req.code, container, last);
  if (!code) return null;
  const to = `${last.method}(${argsText(last.args)})`;
  return {
    ok: true,
    code,
    reasoning: `${describeElement(matches[0])} is no longer inside ${container.prefix} on ${req.page.url || 'the page'}; it is the only one on the page: ${to}.`,
    replacement: { from: last.prefix, method: last.method, args: last.args, to, root: true },
  };
}
