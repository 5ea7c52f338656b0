import type { PageSnapshot } from '../ai-types.ts';
import type { Intent } from './intent-types.ts';
import { jsString } from './locator.ts';
import { findFor, refuse, valueCode, type CodeContext, type CodeResult } from './code-context.ts';
import { nameScore, wordsOf } from './name-match.ts';
import type { Phrase } from './step-phrase.ts';

const LINKS = ['link', 'button', 'tab', 'menuitem'];
const HOME = new Set(['home', 'homepage', 'start', 'index', 'main', 'front', 'landing']);

/** The environment's base URL in code: the run's environment first, the one known when the step was written second. */
export function baseCode(ctx: CodeContext): string {
  return ctx.baseUrl ? `this.env?.baseUrl ?? ${jsString(ctx.baseUrl)}` : 'this.env?.baseUrl ?? this.page.url()';
}

/** `new URL(path, base).href` of a known page, relative to the base URL when it is under it. */
export function pathFromBase(url: string, baseUrl: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (baseUrl && url.startsWith(base)) return url.slice(base.length) || './';
  if (baseUrl && url === baseUrl) return './';
  try {
    const parsed = new URL(url);
    return baseUrl && new URL(baseUrl).origin === parsed.origin ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}

/** What a page is called: the last part of its path ("checkout", "product") and its title before " - Site". */
function pageNames(page: PageSnapshot, baseUrl: string): string[] {
  const names = [page.title.split(/\s[-|–—]\s/)[0] ?? ''];
  try {
    const path = new URL(page.url).pathname;
    const last = path.split('/').filter(Boolean).pop() ?? '';
    names.push(last.replace(/\.\w+$/, ''));
    if (pathFromBase(page.url, baseUrl) === './' || last === '' || last.startsWith('index')) names.push('home');
  } catch {
    // A page without a valid URL is known by its title only.
  }
  return names.filter(Boolean);
}

/** The known page (or the current one) that a phrase like "the checkout page" names, with how sure. */
export function matchPage(ctx: CodeContext, phrase: Phrase): { page: PageSnapshot; score: number } | null {
  const pages = [...(ctx.page ? [ctx.page] : []), ...ctx.knownPages];
  const words = wordsOf(phrase.text);
  const wantsHome = words.some((w) => HOME.has(w));
  let best: { page: PageSnapshot; score: number } | null = null;
  for (const page of pages) {
    const names = pageNames(page, ctx.baseUrl);
    const score = Math.max(0, ...names.map((n) => (wantsHome && n === 'home' ? 1 : nameScore(phrase.text, n))));
    if (score >= 0.6 && (!best || score > best.score)) best = { page, score };
  }
  return best;
}

/** Opens a page: a quoted path or URL, a link on the page, or a page the product knows. */
export function navigationCode(ctx: CodeContext, intent: Extract<Intent, { kind: 'navigate' | 'back' | 'reload' }>): CodeResult {
  if (intent.kind === 'back') return { ok: true, body: 'await this.page.goBack();', reasoning: 'Goes back to the previous page.' };
  if (intent.kind === 'reload') return { ok: true, body: 'await this.page.reload();', reasoning: 'Reloads the page.' };
  const place = intent.place;
  if (place.slot?.type === 'string') {
    const absolute = URL.canParse(place.slot.value);
    const target = valueCode(ctx, place, absolute ? 'url' : 'path');
    return { ok: true, body: `await this.page.goto(new URL(${target}, ${baseCode(ctx)}).href);`, reasoning: `Opens the ${absolute ? 'URL' : 'path'} given in the step.` };
  }
  const link = ctx.tree ? findFor(ctx, place, LINKS) : null;
  const page = matchPage(ctx, place);
  const linkScore = link?.ok ? nameScore(place.text, link.element.node.name) : 0;
  if (link?.ok && linkScore >= 0.9) {
    return { ok: true, body: `await ${link.element.code}.click();`, reasoning: `Opens ${quoted(place.text)} by clicking ${link.element.why}, as a person would.` };
  }
  if (page && page.page !== ctx.page) {
    const path = pathFromBase(page.page.url, ctx.baseUrl);
    return { ok: true, body: `await this.page.goto(new URL(${jsString(path)}, ${baseCode(ctx)}).href);`, reasoning: `Opens the known page "${page.page.title}" (${path}).` };
  }
  if (link?.ok) return { ok: true, body: `await ${link.element.code}.click();`, reasoning: `Opens ${quoted(place.text)} by clicking ${link.element.why}, the closest link.` };
  if (page) return { ok: true, body: 'await this.page.reload();', reasoning: `The step is already on "${page.page.title}": it is loaded again.` };
  if (wordsOf(place.text).some((w) => HOME.has(w)) && (ctx.baseUrl || ctx.page)) {
    return { ok: true, body: `await this.page.goto(new URL('./', ${baseCode(ctx)}).href);`, reasoning: 'Opens the base URL of the environment: the home page.' };
  }
  const candidates = [...(link && !link.ok ? link.candidates : []), ...ctx.knownPages.map((p) => `page "${p.title}"`)].slice(0, 5);
  return refuse(`Neither a link on the page nor a known page matches ${quoted(place.text)}`, candidates);
}

/** A phrase in quotes for a message, unless it already holds a quoted value. */
function quoted(text: string): string {
  return text.includes('"') ? text : `"${text}"`;
}
