import { descendants, describeNode, textOf, type AriaNode } from './aria-tree.ts';
import { findFor, message, poll, refuse, valueCode, waitForState, type CodeContext, type CodeResult } from './code-context.ts';
import type { Intent } from './intent-types.ts';
import { jsString, locatorCode, resolveLocator, type Locator } from './locator.ts';
import { baseCode, matchPage, pathFromBase } from './navigation-code.ts';
import type { Phrase } from './step-phrase.ts';
import { valueAssertion } from './value-assertion.ts';

const ANY = ['button', 'link', 'heading', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'img', 'tab', 'menuitem', 'option', 'dialog', 'alert', 'status', 'navigation', 'region', 'list', 'table', 'listitem', 'row', 'text'];

type AssertIntent = Extract<Intent, { kind: 'assertText' | 'assertElement' | 'assertUrl' | 'assertTitle' | 'assertValue' | 'assertChecked' | 'assertMessage' }>;
const MESSAGES = ['status', 'alert', 'text', 'paragraph', 'listitem'];

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
    case 'assertMessage':
      return messageCode(ctx, intent.subject, intent.word);
    case 'assertValue':
      return valueAssertion(ctx, intent.target, intent.value, intent.scopes, (phrase, note) => textCode(ctx, phrase, false, note));
  }
}

export function textCode(ctx: CodeContext, phrase: Phrase, negated: boolean, note = ''): CodeResult {
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

/** A status or text on the page that names the subject and what happened to it ("... was added to your cart."). */
function messageCode(ctx: CodeContext, subject: Phrase, word: string): CodeResult {
  if (!ctx.tree) return refuse('There is no page to check');
  const has = (n: AriaNode, text: string) => textOf(n).toLowerCase().includes(text.toLowerCase());
  const nodes = descendants(ctx.tree).filter((n) => MESSAGES.includes(n.role) && has(n, subject.text) && has(n, word));
  const best = nodes.sort((a, b) => MESSAGES.indexOf(a.role) - MESSAGES.indexOf(b.role) || textOf(a).length - textOf(b).length)[0];
  if (!best) return refuse(`Nothing on the page says that "${subject.text}" ${word}`);
  const locator: Locator = [{ kind: 'role', role: best.role }, { kind: 'filter', hasText: { literal: subject.text } }, { kind: 'filter', hasText: { literal: word } }];
  const found = resolveLocator(ctx.tree, locator);
  const code = found.length === 1 && best.role !== 'text' ? locatorCode(locator) : `this.page.getByText(${jsString(textOf(best))}).first()`;
  const happened = ctx.sentence.text.slice(ctx.sentence.subject.at(-1)!.end).trim();
  const error = message([`Expected a message saying that "${subject.text}" ${happened}`]);
  return { ok: true, body: waitForState(code, 'visible', error), reasoning: `Checks the ${best.role} that says "${textOf(best)}".` };
}
