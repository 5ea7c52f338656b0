import type { PageSnapshot } from '../ai-types.ts';
import { describeNode, type AriaNode } from './aria-tree.ts';
import { findElement, type Found, type Target } from './element-finder.ts';
import { jsString, locatorCode, withParams, type Locator } from './locator.ts';
import { keyWords, sameActionVerbs } from './name-match.ts';
import type { ParamNames } from './param-names.ts';
import type { Phrase } from './step-phrase.ts';
import type { Sentence } from './step-sentence.ts';

/** What writing one step's code can use. */
export interface CodeContext {
  sentence: Sentence;
  /** The page the step starts on, parsed; null when there is none. */
  tree: AriaNode | null;
  page: PageSnapshot | null;
  knownPages: PageSnapshot[];
  baseUrl: string;
  params: ParamNames;
}

export type CodeResult = { ok: true; body: string; reasoning: string } | { ok: false; reason: string; candidates: string[] };

export const ASSERT_TIMEOUT = 10_000;

export function refuse(reason: string, candidates: string[] = []): CodeResult {
  return { ok: false, reason, candidates };
}

/** A located element: its node, its locator code (parameters in place) and how it was told apart. */
export interface Element {
  node: AriaNode;
  code: string;
  locator: Locator;
  why: string;
  score: number;
}

/** Finds the element a phrase names among elements of these roles, on the step's page. */
export function findFor(
  ctx: CodeContext,
  phrase: Phrase | null,
  roles: string[],
  opts: { scopes?: Phrase[]; byVerb?: boolean; paramHint?: (phrase: Phrase) => string | undefined; alternatives?: Phrase[] } = {},
): { ok: true; element: Element } | { ok: false; reason: string; candidates: string[] } {
  if (!ctx.tree) return { ok: false, reason: 'There is no page to find the element on', candidates: [] };
  const first = findOne(ctx, ctx.tree, phrase, roles, opts);
  let best = first;
  for (const other of opts.alternatives ?? []) {
    if (!other.text || other.text === phrase?.text) continue;
    const found = findOne(ctx, ctx.tree, other, roles, opts);
    if (found.ok && (!best.ok || found.element.score > best.element.score)) best = found;
  }
  return best;
}

function findOne(
  ctx: CodeContext,
  tree: AriaNode,
  phrase: Phrase | null,
  roles: string[],
  opts: { scopes?: Phrase[]; byVerb?: boolean; paramHint?: (phrase: Phrase) => string | undefined },
): { ok: true; element: Element } | { ok: false; reason: string; candidates: string[] } {
  const scopes = [...(opts.scopes ?? []), ...(opts.byVerb && phrase ? [phrase] : [])].filter((p) => p.text);
  const target: Target = {
    phrase: phrase?.text ?? '',
    roles,
    roleHint: phrase?.roleHint,
    verbs: opts.byVerb && ctx.sentence.verbRoot ? sameActionVerbs(ctx.sentence.verbRoot) : undefined,
    sentenceWords: opts.byVerb ? [...keyWords(ctx.sentence.text), ...sameActionVerbs(ctx.sentence.verbRoot ?? '')] : undefined,
    scopes: scopes.map((p) => p.text),
    quoted: phrase?.slot?.type === 'string' ? phrase.slot.value : undefined,
  };
  const found: Found = findElement(tree, target);
  if (!found.ok) return found;
  const values = new Map<string, string>();
  for (const p of [...scopes, ...(phrase ? [phrase] : [])]) {
    if (p.slot?.type !== 'string') continue;
    const inFilter = found.locator.some((step) => step.kind === 'filter' && step.hasText.literal === p.slot!.value);
    const hint = opts.paramHint?.(p) ?? (inFilter ? containerParamName(found.node, p.slot.value) : roleParamName(found.node.role));
    values.set(p.slot.value, ctx.params.token(p.slot, hint));
  }
  const locator = withParams(found.locator, values);
  const why = found.scopedBy ? `${describeNode(found.node)} in the ${(locator[0] as { role: string }).role} with "${found.scopedBy}"` : describeNode(found.node);
  return { ok: true, element: { node: found.node, code: locatorCode(locator), locator, why, score: found.score } };
}

function roleParamName(role: string): string {
  return ({ button: 'buttonName', link: 'linkName', heading: 'heading', tab: 'tab', checkbox: 'option', radio: 'option', option: 'option' } as Record<string, string>)[role] ?? 'label';
}

/** A container's text named after what the page calls its kind: the list "Products" -> product, the column "Product". */
export function containerParamName(node: AriaNode, value: string): string {
  for (let p: AriaNode | null = node; p; p = p.parent) {
    if ((p.role === 'list' || p.role === 'region') && p.name) return singular(p.name);
    if (p.role === 'row') {
      const cells = p.children;
      const at = cells.findIndex((c) => c.name.toLowerCase().includes(value.toLowerCase()) || c.text.toLowerCase().includes(value.toLowerCase()));
      const table = p.parent?.role === 'rowgroup' ? p.parent.parent : p.parent;
      const header = table?.children.flatMap((g) => (g.role === 'rowgroup' ? g.children : [g])).find((r) => r.role === 'row' && r.children.some((c) => c.role === 'columnheader'));
      const name = at >= 0 ? header?.children[at]?.name : undefined;
      if (name) return singular(name);
    }
  }
  return 'item';
}

function singular(name: string): string {
  const words = keyWords(name);
  return words[words.length - 1] ?? 'item';
}

/** The value of a phrase in code: its parameter, or the text as a string. */
export function valueCode(ctx: CodeContext, phrase: Phrase, hint?: string | string[], asString = false): string {
  if (!phrase.slot) return jsString(phrase.text);
  const token = ctx.params.token(phrase.slot, hint);
  return asString && phrase.slot.type !== 'string' ? `String(${token})` : token;
}

/** A template literal from text and code pieces: tpl`Expected ${code}`. */
export function message(parts: Array<string | { code: string }>): string {
  return `\`${parts.map((p) => (typeof p === 'string' ? p.replace(/[`\\]|\$\{/g, (c) => `\\${c}`) : `\${${p.code}}`)).join('')}\``;
}

/** Waits for a locator's state, failing with a message of ours. */
export function waitForState(locator: string, state: 'visible' | 'hidden', error: string): string {
  return `await ${locator}.waitFor({ state: '${state}', timeout: ${ASSERT_TIMEOUT} }).catch(() => {\n  throw new Error(${error});\n});`;
}

/** Polls `actual` until `ok` holds (both JavaScript expressions), then fails with `error`. */
export function poll(actual: string, ok: string, error: string): string {
  return [
    `const deadline = Date.now() + ${ASSERT_TIMEOUT};`,
    `let actual = ${actual};`,
    `while (!(${ok})) {`,
    `  if (Date.now() > deadline) throw new Error(${error});`,
    '  await this.page.waitForTimeout(100);',
    `  actual = ${actual};`,
    '}',
  ].join('\n');
}
