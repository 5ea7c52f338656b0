import { ideaParametersJson, uniqueIdeaNames } from '@stepwise/shared';
import type { IdeasRequest, ScenarioIdea } from '../ai-types.ts';
import type { Candidate } from './candidate.ts';
import { findCatalogue, itemIdeas } from './item-ideas.ts';
import { formIdeas, memoryIdeas, navigationIdeas } from './page-ideas.ts';
import { flowText, Phraser } from './phrases.ts';
import { rank } from './relevance.ts';
import { Site } from './site.ts';

/** At most this many ideas at once, whatever the plan leaves room for: a list a person reads through. */
export const MAX_IDEAS = 8;

/** How many ideas may be offered: the plan's remaining allowance (`max`), at most MAX_IDEAS. Both providers apply it. */
export function ideaLimit(max: number): number {
  return Math.min(Math.max(0, Math.floor(max)), MAX_IDEAS);
}

/**
 * Scenario ideas, offline and deterministic: what the known pages offer (searches, items and their
 * buttons, forms, the navigation, the flows runs took) phrased as steps the product has or can
 * generate, ranked by how much of the description each is about. At most `req.max` (the plan's
 * remaining allowance) and MAX_IDEAS; names unique ignoring case.
 */
export function proposeIdeas(req: IdeasRequest): ScenarioIdea[] {
  const limit = ideaLimit(req.max);
  const site = new Site(req.knownPages, req.transitions ?? []);
  if (site.empty || limit === 0) return [];
  const say = new Phraser(req.knownSteps);
  const catalogue = findCatalogue(site);
  const candidates = distinct([...itemIdeas(site, say, catalogue), ...formIdeas(site, say, catalogue), ...navigationIdeas(site, say), ...memoryIdeas(site, say)]);
  const chosen = rank(req.description, candidates).slice(0, limit);
  const names = uniqueIdeaNames(chosen.map((c) => c.name), []);
  return chosen.map((c, i) => ({ name: names[i], flow: flowText(c.steps), parameters: ideaParametersJson(c.params) }));
}

/** One idea per flow: the same steps found twice (a link of the navigation and a run's step) are offered once. */
function distinct(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = flowText(c.steps);
    if (seen.has(key) || c.name === '') return false;
    seen.add(key);
    return true;
  });
}
