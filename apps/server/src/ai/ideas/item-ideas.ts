import type { IdeaStep } from '@stepwise/shared';
import { nameScore } from '../offline/name-match.ts';
import { itemAction, itemNoun, ParamSet, scenarioName, type Candidate } from './candidate.ts';
import { pageKey, type ListItem, type PageLink, type PageList, type PageModel } from './page-model.ts';
import type { ItemAction, Phraser } from './phrases.ts';
import type { Site } from './site.ts';

/**
 * Ideas around the items a site lists (products, articles, people): search for one, open one, use an
 * item's own button ("Add to cart") and check the page it fills ("Cart") shows the item.
 */
export function itemIdeas(site: Site, say: Phraser, catalogue: Catalogue | null): Candidate[] {
  if (!catalogue) return [];
  const { page, list, item, noun, detail, action, destination } = catalogue;
  const searchPage = findSearchPage(site);
  const base = [noun, list.name ?? '', item.name, site.label(page)];
  const out: Candidate[] = [];
  const reachList = reach(site, say, page);
  const reachSearch = searchPage ? reach(site, say, searchPage) : null;

  if (searchPage && reachSearch) {
    const params = new ParamSet();
    const query = params.add('query', queryWord(item.name));
    const found = params.add(noun, item.name, 'item');
    out.push({
      name: scenarioName(`Search for a ${noun}`),
      steps: [...reachSearch, say.search(query), say.see(found)],
      params: params.rows,
      vocabulary: [...base, 'search', 'find', searchPage.search!.box, searchPage.search!.button ?? ''],
      priority: 4,
    });
    if (action && destination) {
      const p = new ParamSet();
      const q = p.add('query', queryWord(item.name));
      const it = p.add(noun, item.name, 'item');
      // On the item's own page its button is the only one of that name; in a list, the item's row holds it.
      const act = detail?.buttons.includes(action.button) ? [say.clickLink(it), say.clickButton(action.button)] : [say.itemAction(action, it)];
      out.push({
        name: scenarioName(`Search for a ${noun} and ${action.verb} it ${action.rest}`),
        steps: [...reachSearch, say.search(q), ...act, say.clickLink(destination.name), say.see(it)],
        params: p.rows,
        vocabulary: [...base, 'search', 'find', action.button, destination.name, site.label(destination.page)],
        priority: 5,
      });
    }
  }
  if (reachList && action && destination) {
    const params = new ParamSet();
    const it = params.add(noun, item.name, 'item');
    out.push({
      name: scenarioName(`${capitalise(action.verb)} a ${noun} ${action.rest}`),
      steps: [...reachList, say.itemAction(action, it), say.clickLink(destination.name), say.see(it)],
      params: params.rows,
      vocabulary: [...base, action.button, destination.name, site.label(destination.page)],
      priority: 4,
    });
  }
  if (reachList) {
    const params = new ParamSet();
    const it = params.add(noun, item.name, 'item');
    out.push({
      name: scenarioName(`Open the page of a ${noun}`),
      steps: [...reachList, say.clickLink(it), detailCheck(site, say, page, detail, item, it)],
      params: params.rows,
      vocabulary: [...base, 'open', 'view', 'detail', ...(detail ? [site.label(detail)] : [])],
      priority: 3,
    });
  }
  return out;
}

/** The steps that bring a scenario from a blank page to `page`: the home page, then the links on the way. */
export function reach(site: Site, say: Phraser, page: PageModel): IdeaStep[] | null {
  const path = site.pathTo(page);
  return path ? [say.home(), ...path.map((l) => say.clickLink(l.name))] : null;
}

/** The items a site lists, one of them as the example, and what its button does. */
export interface Catalogue {
  page: PageModel;
  list: PageList;
  item: ListItem;
  /** What the list holds ("product"). */
  noun: string;
  /** The example item's own page, when known. */
  detail: PageModel | null;
  /** The item's button ("Add to cart") and the link to the page it fills ("Cart"). */
  action: ItemAction | null;
  destination: { name: string; page: PageModel } | null;
}

/** The first list of items on the page nearest the home page, its item best known (its own page seen). */
export function findCatalogue(site: Site): Catalogue | null {
  const found = firstList(site);
  if (!found) return null;
  const action = found.item.buttons.map(itemAction).find((a): a is ItemAction => a !== null) ?? null;
  return {
    ...found,
    noun: itemNoun(found.list.name),
    detail: site.pageFor(found.item.url),
    action,
    destination: action ? destinationOf(site, found.page, action) : null,
  };
}

/**
 * The steps to `page` when the way there passes the page an item's button fills (the checkout is
 * reached from the cart): the item added first, so that the page has what leads on.
 */
export function reachWithItem(site: Site, say: Phraser, page: PageModel, catalogue: Catalogue | null, params: ParamSet): IdeaStep[] | null {
  const path = site.pathTo(page);
  if (!path) return null;
  const through = catalogue?.action && catalogue.destination ? path.slice(0, -1).findIndex((l) => site.pageFor(l.url) === catalogue.destination!.page) : -1;
  const toList = through >= 0 ? reach(site, say, catalogue!.page) : null;
  if (through < 0 || !toList) return [say.home(), ...path.map((l) => say.clickLink(l.name))];
  const item = params.add(catalogue!.noun, catalogue!.item.name, 'item');
  return [...toList, say.itemAction(catalogue!.action!, item), say.clickLink(catalogue!.destination!.name), ...path.slice(through + 1).map((l) => say.clickLink(l.name))];
}

function firstList(site: Site): { page: PageModel; list: PageList; item: ListItem } | null {
  const pages = site.pages.filter((p) => p.lists.length > 0 && site.pathTo(p) !== null);
  pages.sort((a, b) => site.pathTo(a)!.length - site.pathTo(b)!.length);
  for (const page of pages) {
    for (const list of page.lists) {
      const items = list.items.filter((i) => !i.name.includes('"'));
      const item = items.find((i) => site.pages.some((p) => p.key === pageKey(i.url))) ?? items[0];
      if (item) return { page, list, item };
    }
  }
  return null;
}

function findSearchPage(site: Site): PageModel | null {
  if (site.home.search) return site.home;
  return site.pages.find((p) => p.search && site.pathTo(p) !== null) ?? null;
}

/** The link named like the action's object ("Cart" for "Add to cart"), and the page it opens. */
function destinationOf(site: Site, page: PageModel, action: ItemAction): { name: string; page: PageModel } | null {
  if (!action.object) return null;
  let best: { link: PageLink; score: number } | null = null;
  for (const link of page.links) {
    const score = nameScore(action.object, link.name);
    if (score >= 0.8 && (!best || score > best.score)) best = { link, score };
  }
  const target = best ? site.pageFor(best.link.url) : null;
  return best && target ? { name: best.link.name, page: target } : null;
}


/** How the item's page shows it opened: its title holds the item's name, else its heading, else its path. */
function detailCheck(site: Site, say: Phraser, from: PageModel, detail: PageModel | null, item: ListItem, placeholder: string): IdeaStep {
  if (detail && detail.title.includes(item.name) && !from.title.includes(item.name)) return say.titleContains(placeholder);
  if (detail && detail.heading === item.name) return say.see(placeholder);
  const path = new URL(item.url).pathname.split('/').filter(Boolean).pop();
  return path ? say.urlContains(path) : say.see(placeholder);
}

/** The word of an item's name a person would search for: its last word of three letters or more ("backpack"). */
function queryWord(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}-]{3,}$/u.test(w));
  return (words.pop() ?? name).toLowerCase();
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
