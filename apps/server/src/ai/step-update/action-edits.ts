import type MagicString from 'magic-string';
import { actionCalls, elementCode, methodsOf, type ActionCall, type ActionGroup } from './action-calls.ts';
import { walk, type AnyNode } from './js-ast.ts';

/** What an edit did: a sentence for the summary, or that there was nothing to do (and why). */
export type EditOutcome = { changed: true; note: string } | { changed: false; note: string } | { error: string };

const ELEMENT_GROUPS: ActionGroup[] = ['click', 'fill', 'press', 'check', 'select', 'hover', 'upload'];

const guardOf = (element: string) => `await ${element}.count() > 0`;

/** The statement is already the body of `if (<guard>)`, alone or in a block. */
function isGuarded(code: string, action: ActionCall, guard: string, parents: Map<AnyNode, AnyNode | null>): boolean {
  let holder = action.parent;
  let inner: AnyNode = action.statement!;
  if (holder?.type === 'BlockStatement' && holder.body.length === 1) [inner, holder] = [holder, parents.get(holder) ?? null];
  return holder?.type === 'IfStatement' && holder.consequent === inner && code.slice(holder.test.start, holder.test.end) === guard;
}

/** Each action on an element that stands as a statement runs only if the element is on the page. */
export function guardActions(code: string, s: MagicString, fn: AnyNode): EditOutcome {
  const actions = actionCalls(fn).filter((a) => a.statement && methodsOf(ELEMENT_GROUPS).has(a.method));
  if (actions.length === 0) return { error: 'This step has no action on an element (click, fill, ...) to run only if the element is found' };
  const parents = parentMap(fn);
  let guarded = 0;
  for (const action of actions) {
    const element = elementCode(code, action);
    if (!element) continue;
    const guard = guardOf(element);
    if (isGuarded(code, action, guard, parents)) continue;
    const st = action.statement!;
    // `if (a) await x.click(); else ...` must keep its else: the guard goes in braces.
    const braces = action.parent?.type === 'IfStatement' && action.parent.consequent === st && action.parent.alternate;
    s.prependLeft(st.start, `${braces ? '{ ' : ''}if (${guard}) `);
    if (braces) s.appendRight(st.end, ' }');
    guarded++;
  }
  if (guarded === 0) return { changed: false, note: 'Each action already runs only if its element is found.' };
  return { changed: true, note: `${guarded === 1 ? 'The action runs' : `${guarded} actions run`} only if the element is found (its count on the page is above 0).` };
}

function parentMap(fn: AnyNode): Map<AnyNode, AnyNode | null> {
  const parents = new Map<AnyNode, AnyNode | null>();
  walk(fn, (node, parent) => {
    parents.set(node, parent);
  });
  return parents;
}

/** Sets `{ timeout: ms }` on one call, merged into the options it has. Returns false when the call cannot take options. */
function setTimeoutOption(code: string, s: MagicString, action: ActionCall, ms: number): 'set' | 'same' | 'skip' {
  const args: AnyNode[] = action.call.arguments;
  const at = action.optionsIndex;
  if (args.length < at || args.some((a) => a.type === 'SpreadElement')) return 'skip';
  const options = args[at];
  if (!options) {
    if (args.length === 0) s.appendLeft(action.call.end - 1, `{ timeout: ${ms} }`);
    else s.appendLeft(args.at(-1)!.end, `, { timeout: ${ms} }`);
    return 'set';
  }
  if (options.type === 'ObjectExpression') {
    const prop = options.properties.find(
      (p: AnyNode) => p.type === 'Property' && !p.computed && (p.key.name === 'timeout' || p.key.value === 'timeout'),
    );
    if (prop?.shorthand) {
      s.appendLeft(prop.end, `: ${ms}`);
      return 'set';
    }
    if (prop) {
      if (code.slice(prop.value.start, prop.value.end) === String(ms)) return 'same';
      s.overwrite(prop.value.start, prop.value.end, String(ms));
      return 'set';
    }
    if (options.properties.length === 0) s.overwrite(options.start, options.end, `{ timeout: ${ms} }`);
    else s.appendLeft(options.properties.at(-1).end, `, timeout: ${ms}`);
    return 'set';
  }
  if (options.type === 'Identifier' && options.name === 'undefined') s.overwrite(options.start, options.end, `{ timeout: ${ms} }`);
  else s.overwrite(options.start, options.end, `{ ...${code.slice(options.start, options.end)}, timeout: ${ms} }`);
  return 'set';
}

const GROUP_NOUNS: Record<ActionGroup, string> = {
  click: 'click', fill: 'fill', press: 'key press', check: 'check', select: 'select', hover: 'hover', upload: 'upload', navigation: 'navigation',
};

/** Every action of `groups` in the step gets `{ timeout: ms }` in its options. */
export function setActionTimeouts(code: string, s: MagicString, fn: AnyNode, groups: ActionGroup[], ms: number): EditOutcome {
  const methods = methodsOf(groups);
  const actions = actionCalls(fn).filter((a) => methods.has(a.method));
  const named = groups.length === Object.keys(GROUP_NOUNS).length ? 'action' : groups.map((g) => GROUP_NOUNS[g]).join(' or ');
  if (actions.length === 0) return { error: `This step has no ${named} to set a timeout on` };
  const results = actions.map((a) => setTimeoutOption(code, s, a, ms));
  const set = results.filter((r) => r === 'set').length;
  const when = formatMs(ms);
  if (set === 0 && results.includes('same')) return { changed: false, note: `Each ${named} already has a timeout of ${when}.` };
  if (set === 0) return { error: `The ${named} calls of this step take no options object to set a timeout in` };
  return { changed: true, note: `${set === 1 ? `The ${named} has` : `${set} ${named} calls have`} a timeout of ${when}.` };
}

/** `120000` -> `2 minutes`, `30000` -> `30 seconds`, `1500` -> `1500 ms`. */
export function formatMs(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms % 60_000 === 0) return plural(ms / 60_000, 'minute');
  if (ms % 1000 === 0) return plural(ms / 1000, 'second');
  return `${ms} ms`;
}
