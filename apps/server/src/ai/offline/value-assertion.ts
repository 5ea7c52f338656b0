import { ancestors, descendants, describeNode, labelOf, textOf, type AriaNode } from './aria-tree.ts';
import { containerParamName, findFor, message, poll, refuse, valueCode, type CodeContext, type CodeResult } from './code-context.ts';
import { locatorCode, resolveLocator, withParams, type Locator } from './locator.ts';
import { keyWords, nameScore } from './name-match.ts';
import { matchPage } from './navigation-code.ts';
import { phraseOf, type Phrase } from './step-phrase.ts';

const FIELDS = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider'];
/** Nodes that hold a label and its value together ("Total: $62.49"). */
const HOLDERS = new Set(['text', 'paragraph', 'strong', 'emphasis', 'cell', 'listitem', 'status', 'alert', 'term', 'definition', 'generic', 'row']);
const INLINE = new Set(['text', 'strong', 'emphasis', 'code', 'time']);
const CONTAINERS = new Set(['listitem', 'row', 'article', 'group', 'paragraph', 'cell']);
const ENTRIES = new Set(['listitem', 'row', 'article']);

interface Holder {
  node: AriaNode;
  locator: Locator;
  what: string;
}

/**
 * "the email field contains X" (a field's value), "the cart total should be X" (the text beside a
 * label), "the Trail Backpack costs X" (the list item or row of a product), "the confirmation says X"
 * (the page the step is on): each polled until it shows the value.
 */
export function valueAssertion(
  ctx: CodeContext,
  subject: Phrase,
  value: Phrase,
  scopes: Phrase[],
  onPage: (value: Phrase, note: string) => CodeResult,
): CodeResult {
  const tree = ctx.tree!;
  const exact = ctx.sentence.verbRoot === 'equal' || (ctx.sentence.verbRoot === 'be' && !value.slot) || value.text === '';
  const field = subject.roleHint?.every((r) => !FIELDS.includes(r)) ? null : findFor(ctx, subject, FIELDS, { scopes });
  if (field?.ok) {
    const hint = keyWords(labelOf(field.element.node)).slice(-2);
    const v = valueCode(ctx, value, hint, true);
    const isExact = exact || ctx.sentence.verbRoot === 'be';
    const ok = isExact ? `actual === ${v}` : `actual.includes(${v})`;
    const error = message([`Expected ${describeNode(field.element.node)} to ${isExact ? 'be' : 'contain'} "`, { code: v }, '", it is "', { code: 'actual' }, '"']);
    return { ok: true, body: poll(`await ${field.element.code}.inputValue()`, ok, error), reasoning: `Checks the value of ${field.element.why}.` };
  }
  const here = ctx.page ? matchPage({ ...ctx, knownPages: [] }, subject) : null;
  if (here && here.score >= 0.9) return onPage(value, `, the page "${here.page.title}" the step is on`);
  const wanted = value.slot?.value ?? value.text;
  // "the subtotal of "Wireless Headphones"": the row or list item of what follows "of".
  const of = subject.words.findIndex((w) => w.normal === 'of' && !w.slot);
  const owner = of > 0 ? phraseOf(ctx.sentence, subject.words.slice(of + 1)) : null;
  if (owner?.text) {
    const head = phraseOf(ctx.sentence, subject.words.slice(0, of));
    const ownerHolder = containerOf(tree, owner, ENTRIES);
    if (ownerHolder) return holderCheck(ctx, ownerHolder, owner, value, keyWords(head.text).slice(-2));
  }
  const hinted = new Set(subject.roleHint?.filter((r) => CONTAINERS.has(r)) ?? []);
  const holder = containerOf(tree, subject, hinted) ?? labelledHolder(tree, subject, wanted) ?? containerOf(tree, subject, CONTAINERS);
  if (!holder) {
    // A bare number anywhere on the page proves nothing: without the element it belongs to, no check is written.
    if (value.slot && value.slot.type !== 'string') return refuse(`Nothing on the page is named "${subject.text}" to compare with ${value.text}`);
    return onPage(value, `: nothing on the page is named "${subject.text}"`);
  }
  return holderCheck(ctx, holder, subject, value, ctx.sentence.verbRoot === 'cost' ? 'price' : keyWords(subject.text).slice(-2));
}

/** Polls the holder's text until it shows the value. */
function holderCheck(ctx: CodeContext, holder: Holder, subject: Phrase, value: Phrase, hint: string | string[]): CodeResult {
  const named = new Map<string, string>();
  if (subject.slot?.type === 'string') named.set(subject.slot.value, ctx.params.token(subject.slot, containerParamName(holder.node, subject.slot.value)));
  const code = locatorCode(withParams(holder.locator, named));
  const v = valueCode(ctx, value, hint, true);
  const error = message([`Expected ${holder.what} to show "`, { code: v }, '", it shows "', { code: 'actual' }, '"']);
  return {
    ok: true,
    body: `const holder = ${code};\n${poll(`((await holder.textContent()) ?? '').replace(/\\s+/g, ' ')`, `actual.includes(${v})`, error)}`,
    reasoning: `Checks the text of ${holder.what}.`,
  };
}

/** The first words of a label that name it best: "Shipping" of "Shipping Free" for "the shipping cost". */
function bestPrefix(subject: string, label: string): { text: string; score: number } {
  const tokens = label.split(/\s+/).filter(Boolean);
  let best = { text: label, score: nameScore(subject, label) };
  for (let k = 1; k < tokens.length; k++) {
    const text = tokens.slice(0, k).join(' ');
    const score = nameScore(subject, text);
    if (score > best.score) best = { text, score };
  }
  return best;
}

/** The element that holds a label like "Total:" and its value, the one showing the value first. */
function labelledHolder(tree: AriaNode, subject: Phrase, wanted: string): Holder | null {
  const subjectWords = keyWords(subject.text);
  const ranked = descendants(tree)
    .filter((n) => HOLDERS.has(n.role))
    .map((n) => {
      // A status or alert region is named by its role: "the status message".
      if (!labelOf(n)) return { n, label: '', score: subjectWords.includes(n.role) ? 0.9 : 0 };
      const prefix = bestPrefix(subject.text, labelOf(n));
      return { n, label: n.children.length === 0 ? prefix.text : labelOf(n), score: prefix.score };
    })
    .filter((c) => c.score >= 0.5)
    .map((c) => ({ ...c, shows: wanted !== '' && textOf(c.n.parent && INLINE.has(c.n.role) ? c.n.parent : c.n).includes(wanted) }))
    .sort((a, b) => Number(b.shows) - Number(a.shows) || b.score - a.score || a.n.order - b.n.order);
  for (const { n, label } of ranked) {
    const box = INLINE.has(n.role) && n.parent && n.parent.role !== 'root' ? n.parent : n;
    if (INLINE.has(box.role)) continue;
    const locator: Locator = label ? [{ kind: 'role', role: box.role }, { kind: 'filter', hasText: { literal: label } }] : [{ kind: 'role', role: box.role }];
    const found = resolveLocator(tree, locator);
    if (found.length === 1 && found[0] === box) return { node: box, locator, what: label ? `the ${box.role} "${label}"` : `the ${box.role}` };
  }
  return null;
}

/** The smallest node of these roles (list item, row, article) whose text holds the subject ("Trail Backpack"). */
function containerOf(tree: AriaNode, subject: Phrase, roles: Set<string>): Holder | null {
  if (roles.size === 0 || !subject.text) return null;
  const text = subject.text.toLowerCase();
  const holders = descendants(tree)
    .filter((n) => roles.has(n.role) && textOf(n).toLowerCase().includes(text))
    .filter((n, _, all) => !all.some((o) => o !== n && ancestors(o).includes(n)));
  for (const node of holders) {
    const locator: Locator = [{ kind: 'role', role: node.role }, { kind: 'filter', hasText: { literal: subject.text } }];
    const found = resolveLocator(tree, locator);
    if (found.length === 1 && found[0] === node) return { node, locator, what: `the ${node.role} with "${subject.text}"` };
  }
  return null;
}
