import type { RecordedAction } from '@stepwise/shared';
import { locatorParts, type LocatorPart } from './locator-parts.ts';

/**
 * Step text for a recorded action: the built-in library's phrasing where one of its steps finds the same
 * element (a button or link by its exact name, a field by label, placeholder or name, a checkbox by name), so
 * the step needs no code; otherwise a sentence naming the element, whose code the recorder writes.
 */

const ROLE_WORDS: Record<string, string> = {
  textbox: 'field', searchbox: 'search field', combobox: 'list', listbox: 'list', menuitem: 'menu item', menuitemcheckbox: 'menu item',
  menuitemradio: 'menu item', spinbutton: 'number field', img: 'image', listitem: 'list item', gridcell: 'cell', cell: 'cell',
  columnheader: 'column header', rowheader: 'row header', tabpanel: 'tab panel', treeitem: 'tree item', alertdialog: 'dialog',
};

/** A Gherkin `{string}` argument: double quotes, with backslashes and quotes escaped (cucumber unescapes them). */
const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** `{ name: 'X' }` or `{ name: 'X', exact: true }` only. */
function nameOnly(options: unknown): string | null {
  if (!options || typeof options !== 'object') return null;
  const { name, exact, ...rest } = options as Record<string, unknown>;
  if (Object.keys(rest).length || typeof name !== 'string' || (exact !== undefined && exact !== true)) return null;
  return name;
}

/** The single call `method(text)` / `method(text, { exact: true })`: its text. */
function textOnly(part: LocatorPart): string | null {
  const [text, options] = part.args;
  if (typeof text !== 'string' || part.args.length > 2) return null;
  if (options !== undefined && JSON.stringify(options) !== '{"exact":true}') return null;
  return text;
}

/** A single `getByRole(role, { name })` call: role and name. */
function roleAndName(parts: LocatorPart[] | null): { role: string; name: string } | null {
  if (!parts || parts.length !== 1 || parts[0].method !== 'getByRole' || typeof parts[0].args[0] !== 'string') return null;
  const name = parts[0].args.length === 2 ? nameOnly(parts[0].args[1]) : null;
  return name === null ? null : { role: parts[0].args[0], name };
}

/** The name a library field step finds this field by (label, placeholder, textbox/combobox name), when the locator is just that. */
function fieldName(parts: LocatorPart[] | null): string | null {
  if (!parts || parts.length !== 1) return null;
  const [part] = parts;
  if (part.method === 'getByLabel' || part.method === 'getByPlaceholder') return textOnly(part);
  const rn = roleAndName(parts);
  return rn && ['textbox', 'combobox', 'searchbox'].includes(rn.role) ? rn.name : null;
}

function describePart(part: LocatorPart): string {
  const [first, second] = part.args;
  const text = typeof first === 'string' ? first : first instanceof RegExp ? first.source : '';
  switch (part.method) {
    case 'getByRole': {
      const name = second && typeof second === 'object' ? (second as Record<string, unknown>).name : undefined;
      const word = ROLE_WORDS[text] ?? text;
      return typeof name === 'string' && name ? `the ${q(name)} ${word}` : `the ${word}`;
    }
    case 'getByText':
      return `the text ${q(text)}`;
    case 'getByLabel':
    case 'getByPlaceholder':
      return `the ${q(text)} field`;
    case 'getByTestId':
      return `the element with test id ${q(text)}`;
    case 'getByAltText':
      return `the ${q(text)} image`;
    case 'getByTitle':
      return `the element titled ${q(text)}`;
    default:
      return `the element ${q(text || part.method)}`;
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "the "Add to cart" button in the "Mug" list item (second)", from the chain's calls. */
export function describeLocator(locator: string): string {
  const parts = locatorParts(locator);
  if (!parts) return `the element ${q(locator)}`;
  const targets = parts.filter((p) => !['filter', 'first', 'last', 'nth', 'contentFrame', 'frameLocator', 'and', 'or', 'owner'].includes(p.method));
  if (targets.length === 0) return `the element ${q(locator)}`;
  const last = targets[targets.length - 1];
  let out = describePart(last);
  const container = targets.length > 1 ? targets[targets.length - 2] : null;
  const filterText = parts.find((p) => p.method === 'filter' && p.args[0] && typeof (p.args[0] as Record<string, unknown>).hasText === 'string');
  if (container) {
    const has = filterText && parts.indexOf(filterText) < parts.indexOf(last) ? ((filterText.args[0] as Record<string, string>).hasText) : null;
    out += ` in ${has ? `${describePart(container)} with ${q(has)}` : describePart(container)}`;
  }
  const nth = parts.find((p) => p.method === 'nth' || p.method === 'first' || p.method === 'last');
  if (nth) out += nth.method === 'nth' ? ` (${ORDINALS[Number(nth.args[0])] ?? `number ${Number(nth.args[0]) + 1}`})` : ` (${nth.method})`;
  return out;
}

/** A navigation's target as the step gives it: a path under the environment's base URL, or the whole URL. */
export function relativeUrl(url: string, baseUrl: string): string {
  try {
    const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    const target = new URL(url);
    if (target.origin === base.origin && `${target.pathname}/` === base.pathname) return `/${target.search}${target.hash}`;
    if (target.origin === base.origin && target.pathname.startsWith(base.pathname)) {
      return `/${target.pathname.slice(base.pathname.length)}${target.search}${target.hash}`;
    }
  } catch {
    // Not a URL: kept as it is.
  }
  return url;
}

/** Keyword and text of the step for `action`. */
export function phrase(action: RecordedAction): { keyword: 'Given' | 'When' | 'Then'; text: string } {
  switch (action.name) {
    case 'navigate':
      return { keyword: 'Given', text: action.url === '/' ? 'I am on the home page' : `I open the ${q(action.url)} page` };
    case 'click': {
      const rn = roleAndName(locatorParts(action.locator));
      const plain = !action.modifiers?.length && (action.button ?? 'left') === 'left' && (action.clickCount ?? 1) === 1;
      if (plain && rn && (rn.role === 'button' || rn.role === 'link') && rn.name) return { keyword: 'When', text: `I click the ${q(rn.name)} ${rn.role}` };
      const how = action.button === 'right' ? 'right-click' : action.clickCount === 2 ? 'double-click' : 'click';
      return { keyword: 'When', text: `I ${how} ${describeLocator(action.locator)}` };
    }
    case 'fill': {
      const name = fieldName(locatorParts(action.locator));
      return { keyword: 'When', text: name ? `I fill the ${q(name)} field with ${q(action.value)}` : `I fill ${describeLocator(action.locator)} with ${q(action.value)}` };
    }
    case 'select': {
      const name = fieldName(locatorParts(action.locator));
      const option = action.options.join(', ');
      return { keyword: 'When', text: name && action.options.length === 1 ? `I select ${q(option)} from ${q(name)}` : `I select ${q(option)} in ${describeLocator(action.locator)}` };
    }
    case 'check':
    case 'uncheck': {
      const rn = roleAndName(locatorParts(action.locator));
      if (rn && (rn.role === 'checkbox' || (rn.role === 'radio' && action.name === 'check')) && rn.name) return { keyword: 'When', text: `I ${action.name} ${q(rn.name)}` };
      return { keyword: 'When', text: `I ${action.name} ${describeLocator(action.locator)}` };
    }
    case 'press':
      return { keyword: 'When', text: `I press ${q(action.key)}` };
    case 'upload':
      return { keyword: 'When', text: `I upload ${action.files.map(q).join(', ')} to ${describeLocator(action.locator)}` };
    case 'assertText':
      return { keyword: 'Then', text: `I should see ${q(action.text)}` };
    case 'assertUrl':
      return { keyword: 'Then', text: `the URL should contain ${q(action.url)}` };
    case 'assertVisible':
      return { keyword: 'Then', text: `${describeLocator(action.locator)} should be visible` };
    case 'assertValue':
      return { keyword: 'Then', text: `${describeLocator(action.locator)} should have the value ${q(action.value)}` };
    case 'assertChecked':
      return { keyword: 'Then', text: `${describeLocator(action.locator)} should ${action.checked ? 'be checked' : 'not be checked'}` };
  }
}
