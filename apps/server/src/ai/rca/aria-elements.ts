/**
 * Elements of a Playwright aria snapshot (`page.locator('body').ariaSnapshot()`, YAML text): each
 * line `- role "name" [attributes]: text` as role, name and inline text, so that a failed locator's
 * element can be looked for on the page of the failure and on the page of the last passing run.
 */

export interface AriaElement {
  role: string;
  name: string;
  /** Inline text after the colon (`- paragraph: Free shipping`), when there is some. */
  text: string;
}

/** What a failed locator looked for: a role and/or a name (from getByRole, getByText, getByLabel, ...). */
export interface LocatorTarget {
  /** As the error wrote it: `getByRole('button', { name: 'Add to cart' })`. */
  description: string;
  /** Roles that would do; empty: any role. */
  roles: string[];
  name: string | null;
  /** The name must be the whole accessible name (else a part of it, case-insensitive). */
  exact: boolean;
  /** Text locators also match inline text. */
  matchText: boolean;
}

const LINE_RE = /^\s*-\s+(.*)$/;
const ROLE_RE = /^([a-z][\w-]*)/;

/** The elements of a snapshot in document order; a line that is not an element (`- /url: ...`) is passed over. */
export function ariaElements(snapshot: string | null | undefined): AriaElement[] {
  if (!snapshot) return [];
  const out: AriaElement[] = [];
  for (const raw of snapshot.split('\n')) {
    const m = LINE_RE.exec(raw);
    if (!m) continue;
    let item = m[1].trim();
    // YAML quotes a whole item when it holds characters of its own: 'link "It''s here"'.
    if (item.startsWith("'")) {
      const end = item.lastIndexOf("'");
      if (end > 0) item = item.slice(1, end).replaceAll("''", "'") + item.slice(end + 1);
    }
    const role = ROLE_RE.exec(item)?.[1];
    if (!role) continue;
    let rest = item.slice(role.length);
    let name = '';
    const quoted = /^\s+("(?:[^"\\]|\\.)*")/.exec(rest);
    const pattern = quoted ? null : /^\s+\/((?:[^/\\]|\\.)*)\//.exec(rest);
    if (quoted) {
      name = parseQuoted(quoted[1]);
      rest = rest.slice(quoted[0].length);
    } else if (pattern) {
      name = pattern[1];
      rest = rest.slice(pattern[0].length);
    }
    rest = rest.replace(/^\s*(\[[^\]]*\]\s*)*/, '');
    const text = rest.startsWith(':') ? unquote(rest.slice(1).trim()) : '';
    out.push({ role, name, text });
  }
  return out;
}

function parseQuoted(q: string): string {
  try {
    return String(JSON.parse(q));
  } catch {
    return q.slice(1, -1);
  }
}

function unquote(text: string): string {
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) return parseQuoted(text);
  return text;
}

const FIELD_ROLES = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'listbox', 'slider', 'switch'];
const STR = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|\/((?:[^/\\]|\\.)*)\/[a-z]*`;
const BY_ROLE_RE = new RegExp(String.raw`getByRole\('([\w-]+)'(?:,\s*\{\s*name:\s*(?:${STR})(\s*,\s*exact:\s*true)?[^}]*\})?\)`);
const BY_NAME_RE = new RegExp(String.raw`getBy(Text|Label|Placeholder|Title|AltText)\((?:${STR})(?:,\s*\{\s*exact:\s*(true)\s*\})?\)`);
const INTERNAL_ROLE_RE = /internal:role=([\w-]+)(?:\[name=\\?"((?:[^"\\]|\\.)*?)\\?"([is])?\])?/;
const BUILTIN_RE = /Could not find (?:the (button|field|link) )?"([^"]+)"(?: to click)? on the page/;

/** The element a locator error names, when it names one the snapshot can show (not a CSS selector or a test id). */
export function locatorTarget(error: string): LocatorTarget | null {
  const role = BY_ROLE_RE.exec(error);
  if (role) {
    const name = role[2] ?? role[3] ?? role[4] ?? null;
    return { description: role[0], roles: [role[1]], name: name === null ? null : unescape(name), exact: !!role[5] && role[4] === undefined, matchText: false };
  }
  const internal = INTERNAL_ROLE_RE.exec(error);
  if (internal) {
    return { description: internal[0], roles: [internal[1]], name: internal[2] ?? null, exact: internal[3] === 's', matchText: false };
  }
  const by = BY_NAME_RE.exec(error);
  if (by) {
    const name = unescape(by[2] ?? by[3] ?? by[4] ?? '');
    const kind = by[1];
    const roles = kind === 'Label' || kind === 'Placeholder' ? FIELD_ROLES : kind === 'AltText' ? ['img'] : [];
    return { description: by[0], roles, name, exact: by[5] === 'true', matchText: kind === 'Text' };
  }
  const builtin = BUILTIN_RE.exec(error);
  if (builtin) {
    const kind = builtin[1];
    const roles = kind === 'button' ? ['button'] : kind === 'link' ? ['link'] : kind === 'field' ? FIELD_ROLES : [];
    return { description: builtin[0].replace(/ on the page$/, '').replace(/^Could not find /, ''), roles, name: builtin[2], exact: false, matchText: roles.length === 0 };
  }
  return null;
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1');
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The elements of `elements` the target would find. */
export function findTarget(elements: readonly AriaElement[], target: LocatorTarget): AriaElement[] {
  const want = target.name === null ? null : norm(target.name);
  return elements.filter((e) => {
    if (target.roles.length && !target.roles.includes(e.role)) return false;
    if (want === null) return true;
    const names = target.matchText ? [e.name, e.text] : [e.name];
    return names.some((n) => (target.exact ? norm(n) === want : n !== '' && norm(n).includes(want)));
  });
}

/** How alike two names are, 0 to 1: the better of word overlap and letter-pair overlap (Sørensen–Dice). */
export function nameSimilarity(a: string, b: string): number {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  return Math.max(dice(x.split(' '), y.split(' ')), dice(pairs(x), pairs(y)));
}

function pairs(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length - 1; i++) out.push(s.slice(i, i + 2));
  return out;
}

function dice(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const left = new Map<string, number>();
  for (const t of a) left.set(t, (left.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) {
    const n = left.get(t) ?? 0;
    if (n > 0) {
      common += 1;
      left.set(t, n - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

/** Least similarity for an element to be offered as the one that took the missing one's place. */
const SIMILAR_ENOUGH = 0.4;

/** The element of the page most like the target: the same role first, then any named element. */
export function similarElement(elements: readonly AriaElement[], target: LocatorTarget): AriaElement | null {
  if (!target.name) return null;
  const name = target.name;
  const best = (list: readonly AriaElement[]) => {
    let top: { e: AriaElement; score: number } | null = null;
    for (const e of list) {
      const score = Math.max(nameSimilarity(e.name, name), target.matchText ? nameSimilarity(e.text, name) : 0);
      if (score >= SIMILAR_ENOUGH && (!top || score > top.score)) top = { e, score };
    }
    return top?.e ?? null;
  };
  const sameRole = target.roles.length ? elements.filter((e) => target.roles.includes(e.role)) : [];
  return best(sameRole) ?? best(elements.filter((e) => e.name || (target.matchText && e.text)));
}

/** `button "Add to cart"`, or `text "Free shipping"` for a text node. */
export function describeElement(e: AriaElement): string {
  if (e.name) return `${e.role} "${e.name}"`;
  return e.text ? `${e.role} "${e.text}"` : e.role;
}

/** The target as an element would be written: `button "Add to cart"`. */
export function describeTarget(t: LocatorTarget): string {
  const role = t.roles.length === 1 ? t.roles[0] : t.roles.length ? 'field' : 'element';
  return t.name === null ? role : `${role} "${t.name}"`;
}
