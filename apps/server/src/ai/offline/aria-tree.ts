import { parse } from 'yaml';

/** One node of a Playwright aria snapshot: `- button "Add to cart"`, `- heading "Cart" [level=1]`, `- text: 2 items`. */
export interface AriaNode {
  role: string;
  name: string;
  /** Bracketed attributes: `[level=2]` -> { level: '2' }, `[checked]` -> { checked: 'true' }. */
  attrs: Record<string, string>;
  /** Inline text after the colon: a paragraph's text, a textbox's value. */
  text: string;
  /** `/url:`, `/placeholder:` and other `/property:` children. */
  props: Record<string, string>;
  children: AriaNode[];
  parent: AriaNode | null;
  /** Position in document order. */
  order: number;
}

/** Roles whose name is not part of the element's text content (alt text, labels of form controls). */
const NAME_NOT_TEXT = new Set(['img', 'textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'checkbox', 'radio', 'switch', 'listbox']);

/**
 * Reads `page.locator('body').ariaSnapshot()` into a tree under a synthetic `root` node. The YAML
 * carries the structure; each entry's key is Playwright's `role "name" [attr]` template.
 */
export function parseAriaSnapshot(aria: string): AriaNode {
  const root = makeNode('root', '', {}, null);
  let order = 0;
  const add = (items: unknown, parent: AriaNode) => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (typeof item === 'string') {
        attach(parent, parseKey(item));
        continue;
      }
      if (!item || typeof item !== 'object') continue;
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
        if (key.startsWith('/')) {
          parent.props[key.slice(1)] = String(value ?? '');
          continue;
        }
        const node = attach(parent, parseKey(key));
        if (Array.isArray(value)) add(value, node);
        else if (value !== null && value !== undefined) node.text = String(value);
      }
    }
  };
  const attach = (parent: AriaNode, key: ParsedKey) => {
    const node = makeNode(key.role, key.name, key.attrs, parent);
    node.order = ++order;
    parent.children.push(node);
    return node;
  };
  // The failsafe schema keeps every scalar a string ("2", "true", "null" stay text).
  add(parse(aria, { schema: 'failsafe' }), root);
  return root;
}

function makeNode(role: string, name: string, attrs: Record<string, string>, parent: AriaNode | null): AriaNode {
  return { role, name, attrs, text: '', props: {}, children: [], parent, order: 0 };
}

interface ParsedKey {
  role: string;
  name: string;
  attrs: Record<string, string>;
}

/** `heading "Search results for \"mug\"" [level=1]`: the role, the JSON-quoted name, bracketed attributes. */
export function parseKey(key: string): ParsedKey {
  const source = key.trim();
  let i = source.indexOf(' ');
  const role = i < 0 ? source : source.slice(0, i);
  let name = '';
  const attrs: Record<string, string> = {};
  if (i < 0) return { role, name, attrs };
  while (i < source.length && source[i] === ' ') i++;
  if (source[i] === '"') {
    let end = i + 1;
    while (end < source.length && source[end] !== '"') end += source[end] === '\\' ? 2 : 1;
    name = JSON.parse(source.slice(i, end + 1)) as string;
    i = end + 1;
  } else if (source[i] === '/') {
    // A regular-expression name (`/Total: \d+/`) is kept as its source text.
    const end = source.indexOf('/', i + 1);
    name = source.slice(i + 1, end < 0 ? undefined : end);
    i = end < 0 ? source.length : end + 1;
  }
  for (;;) {
    const open = source.indexOf('[', i);
    if (open < 0) break;
    const close = source.indexOf(']', open);
    if (close < 0) break;
    const [attr, value] = source.slice(open + 1, close).split('=');
    attrs[attr.trim()] = value === undefined ? 'true' : value.trim();
    i = close + 1;
  }
  return { role, name, attrs };
}

/** Every node below `node`, in document order. */
export function descendants(node: AriaNode): AriaNode[] {
  const out: AriaNode[] = [];
  const walk = (n: AriaNode) => {
    for (const child of n.children) {
      out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

export function ancestors(node: AriaNode): AriaNode[] {
  const out: AriaNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

/** The text a person sees in the node (close to Playwright's `hasText`): names of leaves, inline text, children. */
export function textOf(node: AriaNode): string {
  const parts: string[] = [];
  if (node.children.length === 0 && node.name && !NAME_NOT_TEXT.has(node.role)) parts.push(node.name);
  if (node.text && !NAME_NOT_TEXT.has(node.role)) parts.push(node.text);
  for (const child of node.children) {
    if (child.role === 'option' || !NAME_NOT_TEXT.has(child.role)) parts.push(textOf(child));
  }
  return parts.filter(Boolean).join(' ');
}

/** The node's own label text: its name, else its inline text. */
export function labelOf(node: AriaNode): string {
  return node.name || node.text;
}

/** `button "Add to cart"`, `text "2 items"`: how a candidate is listed to a person. */
export function describeNode(node: AriaNode): string {
  return `${node.role} ${JSON.stringify(labelOf(node) || textOf(node))}`;
}
