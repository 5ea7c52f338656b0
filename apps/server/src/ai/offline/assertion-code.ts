import { ancestors, descendants, describeNode, labelOf, textOf, type AriaNode } from './aria-tree.ts';
import { containerParamName, findFor, message, poll, refuse, valueCode, waitForState, type CodeContext, type CodeResult } from './code-context.ts';
import type { Intent } from './intent-types.ts';
import { jsString, locatorCode, resolveLocator, withParams, type Locator } from './locator.ts';
import { keyWords, nameScore } from './name-match.ts';
import { baseCode, matchPage, pathFromBase } from './navigation-code.ts';
import type { Phrase } from './step-phrase.ts';

const ANY = ['button', 'link', 'heading', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'img', 'tab', 'menuitem', 'option', 'dialog', 'alert', 'status', 'navigation', 'region', 'list', 'table', 'listitem', 'row', 'text'];
const FIELDS = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider'];
/** Nodes that hold a label and its value together ("Total: $62.49"). */
const HOLDERS = new Set(['text', 'paragraph', 'strong', 'emphasis', 'cell', 'listitem', 'status', 'term', 'definition', 'generic', 'row']);
const INLINE = new Set(['text', 'strong', 'emphasis', 'code', 'time']);
const CONTAINERS = new Set(['listitem', 'row', 'article', 'group', 'paragraph', 'cell']);

type AssertIntent = Extract<Intent, { kind: 'assertText' | 'assertElement' | 'assertUrl' | 'assertTitle' | 'assertValue' | 'assertChecked' }>;

/** Code for the steps that check the page: each throws an Error of its own when the check fails. */
export function assertionCode(ctx: CodeContext, intent: AssertIntent): CodeResult {
  switch (intent.kind) {
    case 'assertText':
      return textCode(ctx, intent.text, intent.negated);
    case 'assertElement':
      return elementCode(ctx, intent.target, intent.negated, intent.scopes);
    case 'assertUrl':
      return urlCode(ctx, intent.value, intent.exact, intent.negated);
    case 'assertTitle': {
      const title = valueCode(ctx, intent.value, 'title', true);
      const ok = intent.exact ? `actual === ${title}` : `actual.includes(${title})`;
      const error = message([`Expected the page title to ${intent.exact ? 'be' : 'contain'} "`, { code: title }, '", it is "', { code: 'actual' }, '"']);
      return { ok: true, body: poll('await this.page.title()', ok, error), reasoning: `Checks the page title ${intent.exact ? 'equals' : 'contains'} the value.` };
    }
    case 'assertChecked': {
      const found = findFor(ctx, intent.target, ['checkbox', 'radio', 'switch', 'option']);
      if (!found.ok) return found;
      const want = intent.negated ? 'not checked' : 'checked';
      const error = message([`Expected ${describeNode(found.element.node)} to be ${want}`]);
      const body = poll(`await ${found.element.code}.isChecked()`, intent.negated ? '!actual' : 'actual', error);
      return { ok: true, body, reasoning: `Checks that ${found.element.why} is ${want}.` };
    }
    case 'assertValue':
      return valueAssertion(ctx, intent.target, intent.value, intent.scopes);
  }
}

function textCode(ctx: CodeContext, phrase: Phrase, negated: boolean, note = ''): CodeResult {
  const text = valueCode(ctx, phrase, 'text', true);
  const error = message([`Expected ${negated ? 'not ' : ''}to see "`, { code: text }, '" on the page']);
  return {
    ok: true,
    body: waitForState(`this.page.getByText(${text}).first()`, negated ? 'hidden' : 'visible', error),
    reasoning: `Checks that the text is ${negated ? 'not ' : ''}shown on the page${note}.`,
  };
}

function elementCode(ctx: CodeContext, target: Phrase, negated: boolean, scopes: Phrase[]): CodeResult {
  const found = findFor(ctx, target, ANY, { scopes });
  const state = negated ? 'hidden' : 'visible';
  if (found.ok) {
    const error = message([`Expected ${describeNode(found.element.node)} to be ${state}`]);
    return { ok: true, body: waitForState(found.element.code, state, error), reasoning: `Checks that ${found.element.why} is ${state}.` };
  }
  // An element that should be gone may well be missing from the page already.
  if (negated && target.roleHint && target.text) {
    const locator: Locator = [{ kind: 'role', role: target.roleHint[0], name: { literal: target.text } }];
    const code = target.slot ? `this.page.getByRole(${jsString(target.roleHint[0])}, { name: ${valueCode(ctx, target, 'label')} })` : locatorCode(locator);
    return { ok: true, body: waitForState(`${code}.first()`, 'hidden', message([`Expected ${target.roleHint[0]} "${target.text}" to be hidden`])), reasoning: `Checks that no ${target.roleHint[0]} "${target.text}" is shown.` };
  }
  if (ctx.tree && target.text && (target.slot || textOf(ctx.tree).toLowerCase().includes(target.text.toLowerCase()))) return textCode(ctx, target, negated);
  return found;
}

function urlCode(ctx: CodeContext, value: Phrase, exact: boolean, negated: boolean): CodeResult {
  const not = negated ? '!' : '';
  if (value.slot || !value.page) {
    if (!value.slot && value.words.length === 0) return refuse('The step does not say what the URL should be');
    const url = valueCode(ctx, value, 'url', true);
    const ok = exact ? `${not}(actual === new URL(${url}, actual).href)` : `${not}actual.includes(${url})`;
    const error = message([`Expected the URL ${negated ? 'not ' : ''}to ${exact ? 'be' : 'contain'} "`, { code: url }, '", it is ', { code: 'actual' }]);
    return { ok: true, body: poll('this.page.url()', ok, error), reasoning: `Checks that the URL ${exact ? 'is' : 'contains'} the value.` };
  }
  const page = matchPage(ctx, value);
  if (!page) return refuse(`No known page matches "${value.text}"`, ctx.knownPages.slice(0, 5).map((p) => `page "${p.title}" (${p.url})`));
  const path = pathFromBase(page.page.url, ctx.baseUrl);
  const error = message([`Expected ${negated ? 'not ' : ''}to be on "${value.text}" (`, { code: 'expected' }, '), the URL is ', { code: 'this.page.url()' }]);
  return {
    ok: true,
    body: `const expected = new URL(${jsString(path)}, ${baseCode(ctx)}).pathname;\n${poll('new URL(this.page.url()).pathname', negated ? '!(actual === expected)' : 'actual === expected', error)}`,
    reasoning: `Checks that the browser is on the page "${page.page.title}" (${path}).`,
  };
}

/** "the email field contains X", "the cart total should be X", "the Trail Backpack costs X". */
function valueAssertion(ctx: CodeContext, subject: Phrase, value: Phrase, scopes: Phrase[]): CodeResult {
  if (!ctx.tree) return refuse('There is no page to check');
  const exact = ctx.sentence.verbRoot === 'be' || ctx.sentence.verbRoot === 'equal';
  const field = findFor(ctx, subject, FIELDS, { scopes });
  if (field.ok) {
    const hint = keyWords(labelOf(field.element.node)).slice(-2);
    const v = valueCode(ctx, value, hint, true);
    const ok = exact ? `actual === ${v}` : `actual.includes(${v})`;
    const error = message([`Expected ${describeNode(field.element.node)} to ${exact ? 'be' : 'contain'} "`, { code: v }, '", it is "', { code: 'actual' }, '"']);
    return { ok: true, body: poll(`await ${field.element.code}.inputValue()`, ok, error), reasoning: `Checks the value of ${field.element.why}.` };
  }
  const holder = labelledHolder(ctx.tree, subject) ?? containerOf(ctx.tree, subject);
  if (!holder) return textCode(ctx, value, false, `: nothing on the page is named "${subject.text}"`);
  const hint = keyWords(subject.text).slice(-2);
  const v = valueCode(ctx, value, hint, true);
  const named = subject.slot?.type === 'string' ? new Map([[subject.slot.value, ctx.params.token(subject.slot, containerParamName(holder.node, subject.slot.value))]]) : new Map<string, string>();
  const code = locatorCode(withParams(holder.locator, named));
  const error = message([`Expected ${holder.what} to show "`, { code: v }, '", it shows "', { code: 'actual' }, '"']);
  return {
    ok: true,
    body: `const holder = ${code};\n${poll(`((await holder.textContent()) ?? '').replace(/\\s+/g, ' ')`, `actual.includes(${v})`, error)}`,
    reasoning: `Checks the text of ${holder.what}.`,
  };
}

interface Holder {
  node: AriaNode;
  locator: Locator;
  what: string;
}

/** The element that holds a label like "Total:" and its value: the label's paragraph, row or list item. */
function labelledHolder(tree: AriaNode, subject: Phrase): Holder | null {
  const ranked = descendants(tree)
    .filter((n) => HOLDERS.has(n.role) && labelOf(n))
    .map((n) => ({ n, score: nameScore(subject.text, labelOf(n)) }))
    .filter((c) => c.score >= 0.5)
    .sort((a, b) => b.score - a.score || a.n.order - b.n.order);
  for (const { n } of ranked) {
    const box = INLINE.has(n.role) && n.parent && n.parent.role !== 'root' ? n.parent : n;
    if (INLINE.has(box.role)) continue;
    const label = labelOf(n);
    const locator: Locator = [{ kind: 'role', role: box.role }, { kind: 'filter', hasText: { literal: label } }];
    const found = resolveLocator(tree, locator);
    if (found.length === 1 && found[0] === box) return { node: box, locator, what: `the ${box.role} "${label}"` };
  }
  return null;
}

/** The smallest list item, row or article whose text holds the subject ("Trail Backpack"). */
function containerOf(tree: AriaNode, subject: Phrase): Holder | null {
  const text = subject.text.toLowerCase();
  const holders = descendants(tree)
    .filter((n) => CONTAINERS.has(n.role) && textOf(n).toLowerCase().includes(text))
    .filter((n, _, all) => !all.some((o) => o !== n && ancestors(o).includes(n)));
  for (const node of holders) {
    const locator: Locator = [{ kind: 'role', role: node.role }, { kind: 'filter', hasText: { literal: subject.text } }];
    const found = resolveLocator(tree, locator);
    if (found.length === 1 && found[0] === node) return { node, locator, what: `the ${node.role} with "${subject.text}"` };
  }
  return null;
}
