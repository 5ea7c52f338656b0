import { descendants, labelOf, textOf, type AriaNode } from './aria-tree.ts';

/** A text in a locator: written as a literal, or as the step parameter that carries it. */
export interface TextRef {
  literal: string;
  param?: string;
}

/** One link of a Playwright locator chain, kept as data so it can be both checked on a snapshot and written as code. */
export type LocatorStep =
  | { kind: 'role'; role: string; name?: TextRef; exact?: boolean }
  | { kind: 'text'; text: TextRef; exact?: boolean }
  | { kind: 'filter'; hasText: TextRef };

export type Locator = LocatorStep[];

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const contains = (haystack: string, needle: string) => squash(haystack).toLowerCase().includes(squash(needle).toLowerCase());

/** Whether Playwright's name matching (`{ name }` / `{ name, exact: true }`) accepts `name` for `wanted`. */
export function nameMatches(name: string, wanted: string, exact = false): boolean {
  return exact ? squash(name) === squash(wanted) : contains(name, wanted);
}

/** The smallest nodes whose text holds `text`: where `getByText` would land. */
function textHolders(scope: AriaNode, text: string, exact: boolean): AriaNode[] {
  const holds = (n: AriaNode) => (exact ? squash(labelOf(n)) === squash(text) || squash(textOf(n)) === squash(text) : contains(textOf(n), text));
  return descendants(scope).filter((n) => holds(n) && !n.children.some(holds));
}

/** The nodes a locator resolves to on a snapshot, in document order. */
export function resolveLocator(root: AriaNode, locator: Locator): AriaNode[] {
  let current: AriaNode[] = [root];
  for (const step of locator) {
    const next = new Set<AriaNode>();
    for (const scope of current) {
      if (step.kind === 'filter') {
        if (contains(textOf(scope), step.hasText.literal)) next.add(scope);
      } else if (step.kind === 'role') {
        for (const n of descendants(scope)) {
          if (n.role === step.role && (!step.name || nameMatches(n.name, step.name.literal, step.exact))) next.add(n);
        }
      } else {
        for (const n of textHolders(scope, step.text.literal, step.exact ?? false)) next.add(n);
      }
    }
    current = [...next].sort((a, b) => a.order - b.order);
  }
  return current;
}

/** A single-quoted JavaScript string literal. */
export function jsString(value: string): string {
  const inner = JSON.stringify(value)
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return `'${inner}'`;
}

/** The parameter's name, or the literal as a string. */
export function textCode(ref: TextRef): string {
  return ref.param ?? jsString(ref.literal);
}

function stepCode(step: LocatorStep): string {
  if (step.kind === 'filter') return `.filter({ hasText: ${textCode(step.hasText)} })`;
  if (step.kind === 'text') return `.getByText(${textCode(step.text)}${step.exact ? ', { exact: true }' : ''})`;
  if (!step.name) return `.getByRole(${jsString(step.role)})`;
  const name = step.name.param === 'name' && !step.exact ? 'name' : `name: ${textCode(step.name)}`;
  return `.getByRole(${jsString(step.role)}, { ${name}${step.exact ? ', exact: true' : ''} })`;
}

/** `this.page.getByRole('listitem').filter({ hasText: product }).getByRole('button', { name: 'Add to cart' })` */
export function locatorCode(locator: Locator): string {
  return `this.page${locator.map(stepCode).join('')}`;
}

/** Uses the step's parameters in place of literals equal to their values. */
export function withParams(locator: Locator, params: Map<string, string>): Locator {
  const swap = (ref: TextRef): TextRef => (params.has(ref.literal) ? { ...ref, param: params.get(ref.literal) } : ref);
  return locator.map((step) => {
    if (step.kind === 'filter') return { ...step, hasText: swap(step.hasText) };
    if (step.kind === 'text') return { ...step, text: swap(step.text) };
    return step.name ? { ...step, name: swap(step.name) } : step;
  });
}
