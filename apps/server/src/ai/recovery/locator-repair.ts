import { failedLocatorOf, plainMessage } from '@stepwise/runner';
import type { LocatorRepairRequest, LocatorRepairResult } from '../ai-types.ts';
import { ariaElements, describeElement, findTarget, locatorTarget, nameSimilarity, type AriaElement, type LocatorTarget } from '../rca/aria-elements.ts';
import { argsText, parseLocatorCall, replaceLocatorCall, type LocatorCall } from './locator-call.ts';

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
  return score;
}

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'listbox', 'slider', 'switch']);
const GOOD_ENOUGH = 0.5;
const STANDS_OUT = 0.08;

function compatible(e: AriaElement, target: LocatorTarget, method: string): boolean {
  if (method === 'getByRole') return target.roles.includes(e.role) || (FIELD_ROLES.has(e.role) && target.roles.some((r) => FIELD_ROLES.has(r)));
  if (method === 'getByLabel' || method === 'getByPlaceholder') return FIELD_ROLES.has(e.role);
  if (method === 'getByAltText') return e.role === 'img';
  return true;
}

const fail = (reason: string): LocatorRepairResult => ({ ok: false, reason });

/** The new locator call for the element chosen, in the old call's manner where it can be. */
function newCall(old: LocatorCall, e: AriaElement, name: string, exact: boolean): LocatorCall {
  const options = (old.args[1] && typeof old.args[1] === 'object' ? { ...(old.args[1] as Record<string, unknown>) } : {}) as Record<string, unknown>;
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

export function repairLocatorOffline(req: LocatorRepairRequest): LocatorRepairResult {
  const error = plainMessage(req.error);
  const from = failedLocatorOf(error);
  if (!from) return fail('The failure is not a locator failure (no element waited for)');
  const old = parseLocatorCall(from);
  const target = locatorTarget(from);
  if (!old || !target || target.name === null) return fail(`${from} names no element an accessibility tree shows (a CSS selector or test id)`);
  const wanted = target.name;
  const elements = ariaElements(req.page.aria);
  if (!elements.length) return fail('The page showed no elements to choose from');
  const found = findTarget(elements, target);
  let chosen: AriaElement | null = null;
  let why = '';
  let exact = false;
  if (found.length > 1) {
    const exactly = found.filter((e) => e.name.trim().toLowerCase() === wanted.trim().toLowerCase());
    if (exactly.length !== 1) return fail(`${found.length} elements match ${from} and none is named exactly "${target.name}": ${found.slice(0, 5).map(describeElement).join(', ')}`);
    [chosen] = exactly;
    exact = true;
    why = `${found.length} elements match ${from}; ${describeElement(chosen)} is the one named exactly "${target.name}"`;
  } else if (found.length === 1) {
    return fail(`The page has ${describeElement(found[0])}, which ${from} finds: it failed for another reason (hidden, disabled or covered)`);
  } else {
    const ranked = elements
      .filter((e) => compatible(e, target, old.method))
      .map((e) => ({ e, score: Math.max(renameScore(wanted, e.name), target.matchText ? renameScore(wanted, e.text) : 0) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score);
    const best = ranked[0];
    const runnerUp = ranked.find((c) => c.e.name !== best?.e.name);
    const considered = ranked.slice(0, 5).map((c) => `${describeElement(c.e)} (${c.score.toFixed(2)})`).join(', ') || 'none';
    if (!best || best.score < GOOD_ENOUGH) return fail(`Nothing on ${req.page.url || 'the page'} is like "${target.name}"; considered: ${considered}`);
    if (runnerUp && best.score - runnerUp.score < STANDS_OUT) return fail(`Two elements are as like "${target.name}" as each other: ${considered}`);
    chosen = best.e;
    why = `"${target.name}" is no longer on ${req.page.url || 'the page'}; ${describeElement(chosen)} took its place (likeness ${best.score.toFixed(2)})`;
  }
  const name = chosen.name || chosen.text;
  const to = newCall(old, chosen, name, exact || target.exact || needsExact(elements, chosen, name));
  const code = replaceLocatorCall(req.code, old, to);
  const toText = `${to.method}(${argsText(to.args)})`;
  if (!code) return fail(`${why}, but the step's code does not write ${from} with literal values: the fix belongs in the step's text or its data`);
  return { ok: true, code, reasoning: `${why}: ${toText}.`, replacement: { from, method: to.method, args: to.args, to: toText } };
}
