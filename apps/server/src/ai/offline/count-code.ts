import { nlp } from '../nlp.ts';
import { ancestors, descendants, describeNode, labelOf, type AriaNode } from './aria-tree.ts';
import { message, poll, refuse, waitForState, type CodeContext, type CodeResult } from './code-context.ts';
import { locateNode } from './element-finder.ts';
import type { Intent } from './intent-types.ts';
import { locatorCode } from './locator.ts';
import { nameScore, rootOf, wordsOf } from './name-match.ts';

const LISTS = new Set(['list', 'table', 'grid', 'listbox', 'tree']);

/**
 * "the cart shows 2 items": a text that counts them ("2 items") when the page has one, else the
 * entries of the list or table the step is about.
 */
export function countCode(ctx: CodeContext, intent: Extract<Intent, { kind: 'assertCount' }>): CodeResult {
  if (!ctx.tree) return refuse('There is no page to count on');
  const noun = intent.noun;
  const plural = nlp(noun).nouns().toPlural().text() || `${noun}s`;
  const count = ctx.params.token(intent.count, [noun, 'count']);
  if (showsCount(ctx.tree, noun)) {
    const words = [...new Set([noun, plural])].map(escapeRegExp).join('|');
    const body = [
      `const pattern = new RegExp(${message(['\\b', { code: count }, ` (?:${words})\\b`])}, 'i');`,
      waitForState('this.page.getByText(pattern).first()', 'visible', message(['Expected the page to show ', { code: count }, ` ${plural}`])),
    ].join('\n');
    return { ok: true, body, reasoning: `Checks the text that counts the ${plural} on the page ("N ${plural}").` };
  }
  const list = pickList(ctx.tree, noun, intent.scope?.text ?? '');
  if (!list) return refuse(`Nothing on the page counts ${plural}: no text like "2 ${plural}" and no list or table`);
  const locator = locateNode(ctx.tree, list, []);
  if (!locator) return refuse(`The ${list.role} to count cannot be told apart from the others on the page`, [describeNode(list)]);
  const items =
    list.role === 'table' || list.role === 'grid'
      ? `${locatorCode(locator)}.getByRole('row').filter({ has: this.page.getByRole('cell') })`
      : `${locatorCode(locator)}.getByRole(${list.role === 'listbox' ? "'option'" : list.role === 'tree' ? "'treeitem'" : "'listitem'"})`;
  const error = message(['Expected ', { code: count }, ` ${plural}, found `, { code: 'actual' }]);
  return {
    ok: true,
    body: `const items = ${items};\n${poll('await items.count()', `actual === ${count}`, error)}`,
    reasoning: `Counts the entries of ${list.name ? describeNode(list) : `the ${list.role}`} as the ${plural}.`,
  };
}

/** Whether some text on the page reads "<number> <noun>", like "2 items". */
function showsCount(tree: AriaNode, noun: string): boolean {
  return descendants(tree).some((n) => {
    const words = wordsOf(labelOf(n));
    return words.some((w, i) => i > 0 && /^\d+$/.test(words[i - 1]) && rootOf(w) === noun);
  });
}

/** The list or table the count is about: named like the noun or the scope, else the biggest in the main content. */
function pickList(tree: AriaNode, noun: string, scope: string): AriaNode | null {
  const lists = descendants(tree).filter((n) => LISTS.has(n.role));
  const size = (n: AriaNode) => descendants(n).filter((d) => d.role === 'listitem' || d.role === 'row' || d.role === 'option').length;
  const inMain = (n: AriaNode) => ancestors(n).some((a) => a.role === 'main');
  const rank = (n: AriaNode) => Math.max(nameScore(noun, n.name), scope ? nameScore(scope, n.name) : 0) * 10 + (inMain(n) ? 2 : 0) + size(n) / 1000;
  return lists.sort((a, b) => rank(b) - rank(a))[0] ?? null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
