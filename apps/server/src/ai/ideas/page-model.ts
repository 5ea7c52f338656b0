import type { PageSnapshot } from '../ai-types.ts';
import { ancestors, descendants, labelOf, parseAriaSnapshot, textOf, type AriaNode } from '../offline/aria-tree.ts';

/**
 * What a page offers a scenario, read from its aria snapshot: the forms (fields in document order up
 * to the button that sends them), the search box, lists of items that link somewhere (with the
 * buttons of each item), the links and the text a person reads.
 */

export type FieldRole = 'textbox' | 'combobox' | 'checkbox' | 'radio' | 'spinbutton';

export interface FormField {
  role: FieldRole;
  name: string;
  /** A combobox's options and the one selected. */
  options: string[];
  selected: string | null;
  /** A checkbox's or radio's state. */
  checked: boolean;
  /** The group a radio belongs to ("Shipping method"). */
  group: string | null;
}

export interface PageForm {
  /** The heading above the first field ("Shipping details"), when there is one. */
  heading: string | null;
  fields: FormField[];
  /** The button that sends the form ("Place order"). */
  submit: string;
}

export interface PageLink {
  name: string;
  /** Absolute URL. */
  url: string;
  /** In the header or a navigation landmark: reachable from every page that has it. */
  inNav: boolean;
}

export interface ListItem {
  /** The item's link ("Trail Backpack") and where it goes. */
  name: string;
  url: string;
  /** The buttons inside the item ("Add to cart"). */
  buttons: string[];
}

export interface PageList {
  name: string | null;
  items: ListItem[];
}

export interface PageModel {
  url: string;
  /** Path and query: what tells two pages of the same site apart. */
  key: string;
  title: string;
  /** The first level-1 heading, else the first heading. */
  heading: string | null;
  links: PageLink[];
  search: { box: string; button: string | null } | null;
  forms: PageForm[];
  lists: PageList[];
  /** Buttons of the page itself (not of an item, a row, the search or the header). */
  buttons: string[];
  /** Text a person reads besides controls: paragraphs, status lines, the footer. */
  texts: string[];
}

const FIELD_ROLES = new Set<string>(['textbox', 'combobox', 'checkbox', 'radio', 'spinbutton']);
/** Controls inside these belong to an item or a row (a cart line), not to a form of the page. */
const ITEM_ROLES = new Set(['row', 'cell', 'gridcell', 'listitem', 'search', 'banner', 'navigation', 'contentinfo']);
const NAV_ROLES = new Set(['navigation', 'banner']);
const TEXT_ROLES = new Set(['paragraph', 'status', 'note', 'alert', 'contentinfo']);

function within(node: AriaNode, roles: Set<string>): boolean {
  return ancestors(node).some((a) => roles.has(a.role));
}

function parse(aria: string): AriaNode | null {
  try {
    return parseAriaSnapshot(aria);
  } catch {
    return null;
  }
}

function absolute(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

export function pageKey(url: string): string {
  const u = absolute(url, 'http://invalid/');
  return u ? `${u.pathname.replace(/\/+$/, '') || '/'}${u.search}` : url;
}

/** The page as the idea builders see it; a snapshot that does not parse gives a page with nothing on it. */
export function readPage(snapshot: PageSnapshot): PageModel {
  const root = parse(snapshot.aria);
  const nodes = root ? descendants(root) : [];
  const headings = nodes.filter((n) => n.role === 'heading' && labelOf(n));
  const main = headings.find((h) => h.attrs.level === '1') ?? headings[0];
  return {
    url: snapshot.url,
    key: pageKey(snapshot.url),
    title: snapshot.title,
    heading: main ? labelOf(main) : null,
    links: links(nodes, snapshot.url),
    search: search(nodes),
    forms: forms(nodes),
    lists: lists(nodes, snapshot.url),
    buttons: nodes.filter((n) => n.role === 'button' && labelOf(n) && !within(n, ITEM_ROLES)).map(labelOf),
    texts: nodes.filter((n) => TEXT_ROLES.has(n.role) && !within(n, TEXT_ROLES)).map((n) => textOf(n).trim()).filter(Boolean),
  };
}

function links(nodes: AriaNode[], pageUrl: string): PageLink[] {
  const page = absolute(pageUrl, 'http://invalid/');
  const out: PageLink[] = [];
  for (const n of nodes) {
    if (n.role !== 'link' || !n.props.url || !labelOf(n)) continue;
    const url = absolute(n.props.url, pageUrl);
    if (!url || !/^https?:$/.test(url.protocol) || (page && url.origin !== page.origin)) continue;
    // "Skip to content": a place on the same page.
    if (page && url.hash && url.pathname === page.pathname && url.search === page.search) continue;
    out.push({ name: labelOf(n), url: url.href, inNav: within(n, NAV_ROLES) });
  }
  return out;
}

function search(nodes: AriaNode[]): PageModel['search'] {
  const box = nodes.find((n) => n.role === 'searchbox') ?? nodes.find((n) => n.role === 'textbox' && within(n, new Set(['search'])));
  if (!box || !box.name) return null;
  const after = nodes.slice(nodes.indexOf(box) + 1).find((n) => n.role === 'button' && n.parent === box.parent);
  return { box: box.name, button: after ? labelOf(after) : null };
}

function field(node: AriaNode): FormField {
  const options = node.children.filter((c) => c.role === 'option').map(labelOf);
  const selected = node.children.find((c) => c.role === 'option' && c.attrs.selected === 'true');
  const group = ancestors(node).find((a) => a.role === 'group' || a.role === 'radiogroup');
  return {
    role: node.role as FieldRole,
    name: labelOf(node),
    options,
    selected: selected ? labelOf(selected) : (options[0] ?? null),
    checked: node.attrs.checked === 'true',
    group: group ? labelOf(group) || null : null,
  };
}

function forms(nodes: AriaNode[]): PageForm[] {
  const out: PageForm[] = [];
  let fields: FormField[] = [];
  let heading: string | null = null;
  let lastHeading: string | null = null;
  for (const n of nodes) {
    if (n.role === 'heading') lastHeading = labelOf(n) || lastHeading;
    if (within(n, ITEM_ROLES)) continue;
    if (FIELD_ROLES.has(n.role) && n.name) {
      if (fields.length === 0) heading = lastHeading;
      fields.push(field(n));
    } else if (n.role === 'button' && labelOf(n) && fields.length > 0) {
      out.push({ heading, fields, submit: labelOf(n) });
      fields = [];
    }
  }
  return out;
}

function lists(nodes: AriaNode[], pageUrl: string): PageList[] {
  const out: PageList[] = [];
  for (const list of nodes.filter((n) => n.role === 'list' && !within(n, NAV_ROLES))) {
    const items: ListItem[] = [];
    for (const item of list.children.filter((c) => c.role === 'listitem')) {
      const inside = descendants(item);
      const link = inside.find((n) => n.role === 'link' && n.props.url && labelOf(n));
      const url = link ? absolute(link.props.url, pageUrl) : null;
      if (!link || !url) continue;
      items.push({ name: labelOf(link), url: url.href, buttons: inside.filter((n) => n.role === 'button' && labelOf(n)).map(labelOf) });
    }
    if (items.length > 0) out.push({ name: list.name || precedingHeading(nodes, list), items });
  }
  return out;
}

function precedingHeading(nodes: AriaNode[], node: AriaNode): string | null {
  const before = nodes.slice(0, nodes.indexOf(node)).filter((n) => n.role === 'heading');
  return before.length ? labelOf(before[before.length - 1]) || null : null;
}
