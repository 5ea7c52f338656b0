import { ancestors, describeNode, descendants, labelOf, textOf, type AriaNode } from './aria-tree.ts';
import { resolveLocator, type Locator, type LocatorStep } from './locator.ts';
import { keyWords, nameCoverage, nameScore } from './name-match.ts';

/** What the sentence says about the element it means. */
export interface Target {
  /** The words that name it: "Add to cart", "email", "the Trail Backpack". */
  phrase: string;
  /** Roles it may have, the likeliest first; 'text' stands for any text on the page. */
  roles: string[];
  /** Roles the sentence names ("the Cart link"): a strong preference. */
  roleHint?: string[];
  /** The verb's root (and verbs for the same action) and the roots of every word of the sentence, for names like "Add to cart". */
  verbs?: string[];
  sentenceWords?: string[];
  /** Other phrases of the sentence that may name the element's container ("Trail Backpack" for "Add to cart"). */
  scopes: string[];
  /** The quoted value that named the element, to use it in the locator when it is enough. */
  quoted?: string;
}

export type Found =
  | { ok: true; node: AriaNode; locator: Locator; score: number; scopedBy?: string }
  | { ok: false; reason: string; candidates: string[] };

/** Roles located by getByText rather than getByRole. */
const TEXT_ROLES = new Set(['text', 'paragraph', 'strong', 'emphasis', 'generic', 'cell', 'listitem', 'status', 'alert', 'caption', 'code', 'time', 'note', 'term', 'definition', 'blockquote', 'contentinfo']);
/** Containers that can scope a repeated element ("the row of the Trail Backpack"). */
const CONTAINERS = ['listitem', 'row', 'article', 'group', 'form', 'dialog', 'region', 'tabpanel', 'complementary', 'navigation', 'table', 'list'];
const LANDMARKS = new Set(['navigation', 'banner', 'main', 'complementary', 'contentinfo', 'region', 'form', 'search', 'dialog', 'list']);
const THRESHOLD = 0.5;

function score(node: AriaNode, target: Target): number {
  const label = labelOf(node);
  if (!label) return target.roleHint?.includes(node.role) && !target.phrase ? 0.6 : 0;
  let s = target.phrase ? nameScore(target.phrase, label) : 0;
  // A name made of the verb and words of the sentence ("Add to cart" for "add the mug to the cart") beats the object's own name.
  if (target.verbs && target.sentenceWords && keyWords(label).some((w) => target.verbs!.includes(w))) {
    const coverage = nameCoverage(target.sentenceWords, label);
    s = Math.max(s, coverage >= 0.9 ? 1 + 0.05 * coverage : 0.9 * coverage);
  }
  if (s <= 0) return 0;
  const at = target.roles.indexOf(TEXT_ROLES.has(node.role) && !target.roles.includes(node.role) ? 'text' : node.role);
  s += 0.04 * (1 - at / target.roles.length);
  if (target.roleHint?.includes(node.role)) s += 0.1;
  return s;
}

function allowed(node: AriaNode, target: Target): boolean {
  if (target.roles.includes(node.role)) return true;
  return target.roles.includes('text') && TEXT_ROLES.has(node.role) && Boolean(node.text || (node.name && node.children.length === 0));
}

/** Elements of the snapshot ranked for the target, best first, with their scores. */
export function rankElements(tree: AriaNode, target: Target): Array<{ node: AriaNode; score: number }> {
  return descendants(tree)
    .filter((n) => allowed(n, target))
    .map((node) => ({ node, score: score(node, target) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.node.order - b.node.order);
}

/** Finds the element a sentence means and a locator that resolves to it alone on the snapshot. */
export function findElement(tree: AriaNode, target: Target): Found {
  const ranked = rankElements(tree, target);
  const best = ranked[0];
  if (!best || best.score < THRESHOLD) {
    const what = target.phrase || target.roleHint?.join(' or ') || 'the element';
    return { ok: false, reason: `No element on the page matches "${what}"`, candidates: candidatesFor(tree, target, ranked) };
  }
  const same = ranked.filter((c) => c.node.role === best.node.role && labelOf(c.node) === labelOf(best.node));
  const located = locate(tree, best.node, same.map((c) => c.node), target);
  if (located) return { ok: true, node: located.node, locator: located.locator, score: best.score, scopedBy: located.scopedBy };
  return {
    ok: false,
    reason: `${same.length} elements match ${describeNode(best.node)} and nothing in the step tells them apart`,
    candidates: candidatesFor(tree, target, ranked),
  };
}

/** A locator for a node chosen by other means (the select an option belongs to, the row holding a text). */
export function locateNode(tree: AriaNode, node: AriaNode, scopes: string[] = []): Locator | null {
  const twins = descendants(tree).filter((n) => n.role === node.role && labelOf(n) === labelOf(node));
  return locate(tree, node, twins, { phrase: labelOf(node), roles: [node.role], scopes })?.locator ?? null;
}

function baseSteps(tree: AriaNode, node: AriaNode, target: Target): LocatorStep[] {
  const label = labelOf(node);
  if (!label) return node.role === 'text' ? [] : [{ kind: 'role', role: node.role }];
  const text = !node.name || TEXT_ROLES.has(node.role);
  const named = (value: string, exact: boolean): LocatorStep =>
    text ? { kind: 'text', text: { literal: value }, exact } : { kind: 'role', role: node.role, name: { literal: value }, exact };
  const options: LocatorStep[] = [];
  // The quoted words alone, when they find the same element, keep the step reusable.
  if (target.quoted && target.quoted !== label && label.toLowerCase().includes(target.quoted.toLowerCase())) options.push(named(target.quoted, false));
  options.push(named(label, false), named(label, true));
  const mine = options.filter((o) => resolveLocator(tree, [o]).includes(node));
  return mine.sort((a, b) => resolveLocator(tree, [a]).length - resolveLocator(tree, [b]).length);
}

function locate(tree: AriaNode, node: AriaNode, twins: AriaNode[], target: Target): { node: AriaNode; locator: Locator; scopedBy?: string } | null {
  const bases = baseSteps(tree, node, target);
  for (const base of bases) {
    if (resolveLocator(tree, [base]).length === 1) return { node, locator: [base] };
  }
  const base = bases[0];
  if (!base) return null;
  const ownWords = keyWords(labelOf(node));
  for (const phrase of target.scopes) {
    // "to the cart" of "Add to cart" names the element itself, not its container.
    if (keyWords(phrase).every((w) => ownWords.includes(w))) continue;
    // The phrase as written ("Trail Backpack"), else the page's own words for it ("Ceramic Coffee Mug" for "2 coffee mugs").
    for (const text of [phrase, ...namesLike(tree, phrase)]) {
      for (const twin of twins) {
        const scoped = scopeBy(tree, twin, base, text);
        if (scoped) return { node: twin, locator: scoped, scopedBy: text };
      }
    }
  }
  // Links to the same place are interchangeable: the first one's landmark tells it apart.
  const urls = new Set(twins.map((t) => t.props.url ?? ''));
  if (twins.every((t) => t.role === 'link') && urls.size === 1 && !urls.has('')) {
    for (const twin of twins) {
      const landmark = ancestors(twin).find((a) => LANDMARKS.has(a.role) && a.name);
      if (!landmark) continue;
      const locator: Locator = [{ kind: 'role', role: landmark.role, name: { literal: landmark.name }, exact: true }, base];
      const found = resolveLocator(tree, locator);
      if (found.length === 1 && found[0] === twin) return { node: twin, locator };
    }
  }
  return null;
}

/** Labels on the page close to a phrase, best first. */
function namesLike(tree: AriaNode, phrase: string): string[] {
  const scored = descendants(tree)
    .map((n) => ({ label: labelOf(n), score: nameScore(phrase, labelOf(n)) }))
    .filter((c) => c.label && c.label !== phrase && c.score >= 0.7)
    .sort((a, b) => b.score - a.score);
  return [...new Set(scored.map((c) => c.label))].slice(0, 3);
}

/** `getByRole('listitem').filter({ hasText: phrase })` + the element, when that finds this one element only. */
function scopeBy(tree: AriaNode, node: AriaNode, base: LocatorStep, phrase: string): Locator | null {
  const lower = phrase.toLowerCase();
  for (const container of ancestors(node)) {
    if (!CONTAINERS.includes(container.role)) continue;
    if (!textOf(container).toLowerCase().includes(lower)) continue;
    const locator: Locator = [{ kind: 'role', role: container.role }, { kind: 'filter', hasText: { literal: phrase } }, base];
    const found = resolveLocator(tree, locator);
    if (found.length === 1 && found[0] === node) return locator;
  }
  return null;
}

/** The best five elements to show when none could be chosen: `button "Add to cart"`. */
function candidatesFor(tree: AriaNode, target: Target, ranked: Array<{ node: AriaNode }>): string[] {
  const out: string[] = [];
  const add = (node: AriaNode) => {
    const label = describeNode(node);
    if (!out.includes(label) && labelOf(node)) out.push(label);
  };
  for (const c of ranked) add(c.node);
  const rest = descendants(tree).filter((n) => allowed(n, target) && !TEXT_ROLES.has(n.role));
  // Elements of the kind the step names come first ("the Subscribe button": the buttons).
  const hinted = rest.filter((n) => target.roleHint?.includes(n.role));
  for (const n of [...hinted, ...rest]) if (out.length < 5) add(n);
  return out.slice(0, 5);
}
