import type { IdeaTransition, PageSnapshot } from '../ai-types.ts';
import { normaliseRoute } from '../../runs/memory.ts';
import { pageKey, readPage, type PageLink, type PageModel } from './page-model.ts';

const MAX_DEPTH = 3;

/**
 * The application as the product knows it: its pages read once, the home page (the shortest path),
 * how a person gets from the home page to any page by links, and the transitions runs have seen.
 */
export class Site {
  readonly pages: PageModel[];
  readonly home: PageModel;
  readonly transitions: readonly IdeaTransition[];
  private readonly suffix: string;

  constructor(snapshots: readonly PageSnapshot[], transitions: readonly IdeaTransition[] = []) {
    const seen = new Set<string>();
    this.pages = [];
    for (const s of snapshots) {
      const page = readPage(s);
      if (seen.has(page.key)) continue;
      seen.add(page.key);
      this.pages.push(page);
    }
    this.home = [...this.pages].sort((a, b) => pathOf(a).length - pathOf(b).length || a.key.length - b.key.length)[0];
    this.transitions = transitions;
    this.suffix = commonSuffix(this.pages.map((p) => p.title));
  }

  get empty(): boolean {
    return this.pages.length === 0;
  }

  /** The known page at `url`, else one of the same path (another product's page looks like the known one). */
  pageFor(url: string): PageModel | null {
    const key = pageKey(url);
    const exact = this.pages.find((p) => p.key === key);
    if (exact) return exact;
    const path = key.split('?')[0];
    return this.pages.find((p) => pathOf(p) === path) ?? null;
  }

  pageByRoute(route: string): PageModel | null {
    return this.pages.find((p) => normaliseRoute(p.url) === route) ?? null;
  }

  routeOf(page: PageModel): string | null {
    return normaliseRoute(page.url);
  }

  /** The links to click from the home page to reach `target` (none for the home page), or null when no chain of known links leads there. */
  pathTo(target: PageModel): PageLink[] | null {
    if (target === this.home) return [];
    const queue: Array<{ page: PageModel; path: PageLink[] }> = [{ page: this.home, path: [] }];
    const visited = new Set([this.home]);
    while (queue.length) {
      const { page, path } = queue.shift()!;
      if (path.length >= MAX_DEPTH) continue;
      for (const link of page.links) {
        const next = this.pageFor(link.url);
        if (!next || visited.has(next)) continue;
        const route = [...path, link];
        if (next === target) return route;
        visited.add(next);
        queue.push({ page: next, path: route });
      }
    }
    return null;
  }

  /** What a person calls the page: its main heading, else its title without the site's name. */
  label(page: PageModel): string {
    if (page.heading) return page.heading;
    const title = this.suffix && page.title.endsWith(this.suffix) ? page.title.slice(0, -this.suffix.length) : page.title;
    return title.trim() || pathOf(page).split('/').filter(Boolean).pop() || 'home';
  }

  /** The page's own part of its title ("Cart" of "Cart - Demo Shop"), when its title has one. */
  ownTitle(page: PageModel): string | null {
    if (!this.suffix || !page.title.endsWith(this.suffix)) return null;
    return page.title.slice(0, -this.suffix.length).trim() || null;
  }
}

function pathOf(page: PageModel): string {
  return page.key.split('?')[0];
}

/** The ending the titles share after a separator (" - Demo Shop"), when at least two titles have it. */
function commonSuffix(titles: string[]): string {
  const counts = new Map<string, number>();
  for (const t of titles) {
    const m = /\s[-|–—·:]\s[^-|–—·:]+$/.exec(t);
    if (m) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best && best[1] >= 2 ? best[0] : '';
}
