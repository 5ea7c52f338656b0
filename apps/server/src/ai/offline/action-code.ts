import { ancestors, describeNode, labelOf, type AriaNode } from './aria-tree.ts';
import { locateNode } from './element-finder.ts';
import type { Intent } from './intent-types.ts';
import { jsString, locatorCode, nameMatches } from './locator.ts';
import { findFor, message, refuse, valueCode, type CodeContext, type CodeResult } from './code-context.ts';
import { keyWords, nameScore, sameActionVerbs } from './name-match.ts';
import { restPhrase, type Phrase } from './step-phrase.ts';

const CLICKABLE = ['button', 'link', 'menuitem', 'tab', 'option', 'checkbox', 'radio', 'switch', 'treeitem', 'cell', 'heading', 'img', 'text'];
const CONTROLS = ['button', 'link', 'menuitem', 'tab', 'option', 'checkbox', 'radio', 'switch'];
const FIELDS = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider'];
const CHECKABLE = ['checkbox', 'radio', 'switch'];
const CHOOSABLE = ['option', 'radio', 'checkbox', 'button', 'link', 'tab', 'menuitem', 'menuitemradio', 'switch'];

type ActionIntent = Extract<Intent, { kind: 'click' | 'hover' | 'check' | 'uncheck' | 'fill' | 'select' | 'search' | 'press' | 'upload' | 'wait' | 'waitText' }>;

/** Code for the steps that act on the page. */
export function actionCode(ctx: CodeContext, intent: ActionIntent): CodeResult {
  switch (intent.kind) {
    case 'click':
    case 'hover':
    case 'check':
    case 'uncheck':
      return pointerCode(ctx, intent);
    case 'fill':
      return fillCode(ctx, intent.field, intent.value, intent.scopes);
    case 'select':
      return selectCode(ctx, intent.field, intent.option, intent.scopes);
    case 'search':
      return searchCode(ctx, intent.value);
    case 'press': {
      if (!intent.target) return { ok: true, body: `await this.page.keyboard.press(${jsString(intent.key)});`, reasoning: `Presses the ${intent.key} key.` };
      const found = findFor(ctx, intent.target, FIELDS.concat(CLICKABLE));
      if (!found.ok) return found;
      return { ok: true, body: `await ${found.element.code}.press(${jsString(intent.key)});`, reasoning: `Presses ${intent.key} in ${found.element.why}.` };
    }
    case 'upload': {
      const found = findFor(ctx, intent.field, ['button', 'textbox']);
      if (!found.ok) return found;
      const file = valueCode(ctx, intent.file, 'filePath');
      return { ok: true, body: `await ${found.element.code}.setInputFiles(${file});`, reasoning: `Uploads the file into ${found.element.why}.` };
    }
    case 'wait': {
      const seconds = ctx.params.token(intent.amount, intent.unit === 1 ? 'seconds' : intent.unit === 60 ? 'minutes' : 'milliseconds');
      const ms = intent.unit === 0.001 ? seconds : `${seconds} * ${intent.unit * 1000}`;
      return { ok: true, body: `await this.page.waitForTimeout(${ms});`, reasoning: 'Waits for the given time.' };
    }
    case 'waitText': {
      const text = valueCode(ctx, intent.text, 'text');
      const wait = `await this.page.getByText(${text}).first().waitFor({ state: 'visible', timeout: 30000 }).catch(() => {\n  throw new Error(${message(['The text "', { code: text }, '" did not appear'])});\n});`;
      return { ok: true, body: wait, reasoning: 'Waits until the text is on the page.' };
    }
  }
}

function pointerCode(ctx: CodeContext, intent: Extract<Intent, { kind: 'click' | 'hover' | 'check' | 'uncheck' }>): CodeResult {
  const byVerb = intent.byVerb || (intent.kind === 'click' && !intent.target);
  // A verb that names an action ("confirm the order") means a control, not a heading that shares a word.
  const roles = intent.kind === 'check' || intent.kind === 'uncheck' ? CHECKABLE : intent.kind === 'hover' ? [...CLICKABLE, 'listitem', 'row'] : byVerb ? CONTROLS : CLICKABLE;
  const whole = byVerb ? null : restPhrase(ctx.sentence);
  const found = findFor(ctx, intent.target, roles, { scopes: intent.scopes, byVerb, alternatives: whole ? [whole] : [] });
  if (!found.ok) return found;
  const { element } = found;
  if (intent.kind === 'uncheck' && element.node.role === 'radio') return refuse(`${describeNode(element.node)} is a radio button: choose another option instead`);
  const method = intent.kind === 'hover' ? 'hover' : intent.kind === 'check' ? 'check' : intent.kind === 'uncheck' ? 'uncheck' : 'click';
  const verb = { hover: 'Hovers over', check: 'Checks', uncheck: 'Unchecks', click: 'Clicks' }[method];
  const verbs = sameActionVerbs(ctx.sentence.verbRoot ?? '');
  const named = byVerb && keyWords(labelOf(element.node)).find((w) => verbs.includes(w));
  const said = named && named !== ctx.sentence.verbRoot ? ` for "${ctx.sentence.verb}"` : '';
  const note = named ? ` (its name says "${named}"${said})` : matchNote(intent.target, element.node);
  if (intent.times && method === 'click') {
    const times = ctx.params.token(intent.times, 'quantity');
    const body = `const target = ${element.code};\nfor (let i = 0; i < ${times}; i++) await target.click();`;
    return { ok: true, body, reasoning: `${verb} ${element.why}${note}, once for each of the number the step gives.` };
  }
  return { ok: true, body: `await ${element.code}.${method}();`, reasoning: `${verb} ${element.why}${note}.` };
}

function matchNote(phrase: Phrase | null, node: AriaNode): string {
  const label = labelOf(node);
  if (!phrase || !phrase.text || nameScore(phrase.text, label) >= 0.7) return '';
  return `, the closest match for "${phrase.text}"`;
}

/** Fills a field; a select (combobox) takes the value as its option. */
function fillCode(ctx: CodeContext, field: Phrase | null, value: Phrase | null, scopes: Phrase[]): CodeResult {
  const found = findFor(ctx, field, FIELDS, { scopes });
  if (!found.ok) return found;
  const { element } = found;
  const hint = keyWords(labelOf(element.node)).slice(-2);
  const text = value ? valueCode(ctx, value, hint, true) : "''";
  if (element.node.role === 'combobox' && element.node.children.some((c) => c.role === 'option')) {
    return selectInto(ctx, element.code, element.node, value, text);
  }
  const what = value ? 'Fills' : 'Clears';
  return { ok: true, body: `await ${element.code}.fill(${text});`, reasoning: `${what} ${element.why}${matchNote(field, element.node)}.` };
}

function selectInto(ctx: CodeContext, code: string, select: AriaNode, value: Phrase | null, text: string): CodeResult {
  const options = select.children.filter((c) => c.role === 'option');
  // A literal option must be one of the select's; a parameter may be any.
  const wanted = value?.slot?.value ?? value?.text;
  // The option the step names must be there; as a parameter the step can then take any other.
  if (wanted !== undefined && options.length > 0 && !options.some((o) => nameMatches(o.name, wanted, true))) {
    return refuse(`${describeNode(select)} has no option "${wanted}"`, options.slice(0, 5).map(describeNode));
  }
  return { ok: true, body: `await ${code}.selectOption(${text});`, reasoning: `Selects the option in ${describeNode(select)}.` };
}

/** "choose Express shipping": an option of a select, a radio button, or a button or link with that name. */
function selectCode(ctx: CodeContext, field: Phrase | null, option: Phrase, scopes: Phrase[]): CodeResult {
  if (field) {
    const found = findFor(ctx, field, ['combobox', 'listbox'], { scopes });
    if (!found.ok) return found;
    const hint = keyWords(labelOf(found.element.node)).slice(-2);
    return selectInto(ctx, found.element.code, found.element.node, option, valueCode(ctx, option, hint, true));
  }
  const found = findFor(ctx, option, CHOOSABLE, { scopes, paramHint: () => 'option' });
  if (!found.ok) return found;
  const { node } = found.element;
  if (node.role === 'option') {
    const select = ancestors(node).find((a) => a.role === 'combobox' || a.role === 'listbox');
    const locator = select && ctx.tree ? locateNode(ctx.tree, select, scopes.map((s) => s.text)) : null;
    if (!select || !locator) return refuse(`The select that holds ${describeNode(node)} cannot be told apart from the others`);
    const text = option.slot ? valueCode(ctx, option, keyWords(labelOf(select)).slice(-2), true) : jsString(node.name);
    return { ok: true, body: `await ${locatorCode(locator)}.selectOption(${text});`, reasoning: `Selects ${describeNode(node)} in ${describeNode(select)}.` };
  }
  const method = CHECKABLE.includes(node.role) ? 'check' : 'click';
  return { ok: true, body: `await ${found.element.code}.${method}();`, reasoning: `${method === 'check' ? 'Checks' : 'Clicks'} ${found.element.why}${matchNote(option, node)}.` };
}

/** Types into the page's search box and submits with Enter. */
function searchCode(ctx: CodeContext, value: Phrase): CodeResult {
  const box: Phrase = { text: 'search', words: [], roleHint: ['searchbox'] };
  const found = findFor(ctx, box, ['searchbox', 'textbox', 'combobox']);
  if (!found.ok) return found;
  const query = valueCode(ctx, value, 'query', true);
  const body = `const box = ${found.element.code};\nawait box.fill(${query});\nawait box.press('Enter');`;
  return { ok: true, body, reasoning: `Searches with ${found.element.why}: fills it and presses Enter.` };
}
