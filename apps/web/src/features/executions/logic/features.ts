import type { ScenarioReference } from '@stepwise/shared';

/** What the planner needs of a feature node of get-feature-list-for-branch. */
export interface PlannerFeatureNode {
  name: string;
  path: string;
  isFolder: boolean;
  children?: PlannerFeatureNode[];
  featureName?: string;
  tags?: string[];
  scenarios?: { name: string; tags: string[]; line?: number }[];
}

export interface PlannerFeature {
  /** Path under features/ ('checkout/payment.feature'). */
  path: string;
  /** File name without '.feature'. */
  name: string;
  tags: string[];
  scenarios: { name: string; tags: string[]; line?: number }[];
}

const FEATURE_EXT = '.feature';
const ENV_EXT = '.json';

/** A feature file name without its 8-character '.feature' suffix. */
export function featureDisplayName(name: string): string {
  return name.endsWith(FEATURE_EXT) ? name.slice(0, -FEATURE_EXT.length) : name;
}

/** An environment name without its 5-character '.json' suffix. */
export function envDisplayName(name: string): string {
  return name.endsWith(ENV_EXT) ? name.slice(0, -ENV_EXT.length) : name;
}

/** Every feature of the tree, sorted by path: the order featureIndex counts in. */
export function flattenFeatures(nodes: readonly PlannerFeatureNode[]): PlannerFeature[] {
  const out: PlannerFeature[] = [];
  const walk = (list: readonly PlannerFeatureNode[]) => {
    for (const n of list) {
      if (n.isFolder) walk(n.children ?? []);
      else out.push({ path: n.path, name: featureDisplayName(n.name), tags: n.tags ?? [], scenarios: n.scenarios ?? [] });
    }
  };
  walk(nodes);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const bare = (tag: string) => tag.replace(/^@/, '');

/** Tags offered in the select step: unique, without '@', sorted. */
export function tagOptions(allTags: readonly string[]): string[] {
  return [...new Set(allTags.map(bare).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Tags whose text contains the search (case-insensitive). */
export function filterTags(tags: readonly string[], search: string): string[] {
  const q = bare(search.trim()).toLowerCase();
  return q ? tags.filter((t) => t.toLowerCase().includes(q)) : [...tags];
}

/** Builds the command of one scenario (see commands.ts); injected to keep this module pure. */
export type CommandFor = (featurePath: string, scenarioName: string, line?: number) => string;

/**
 * Scenarios whose tags (their own, or inherited from their feature) match any selected tag, as
 * references by position in the path-sorted feature list, with path and name to resolve them by.
 */
export function scenariosForTags(features: readonly PlannerFeature[], tags: readonly string[], commandFor: CommandFor): ScenarioReference[] {
  const wanted = new Set(tags.map(bare));
  if (wanted.size === 0) return [];
  const refs: ScenarioReference[] = [];
  features.forEach((feature, featureIndex) => {
    feature.scenarios.forEach((scenario, scenarioIndex) => {
      const own = [...feature.tags, ...scenario.tags].map(bare);
      if (!own.some((t) => wanted.has(t))) return;
      refs.push({ featureIndex, scenarioIndex, featurePath: feature.path, scenarioName: scenario.name, command: commandFor(feature.path, scenario.name, scenario.line) });
    });
  });
  return refs;
}

export interface FeatureGroup {
  featurePath: string;
  featureName: string;
  scenarios: { name: string; scenarioIndex: number }[];
}

/** References grouped by feature (first-seen order), for the "Selected scenarios" modal. */
export function groupByFeature(refs: readonly ScenarioReference[]): FeatureGroup[] {
  const groups = new Map<string, FeatureGroup>();
  for (const r of refs) {
    const path = r.featurePath ?? `#${r.featureIndex}`;
    let g = groups.get(path);
    if (!g) {
      const file = path.slice(path.lastIndexOf('/') + 1);
      g = { featurePath: path, featureName: r.featurePath ? featureDisplayName(file) : `Feature ${r.featureIndex + 1}`, scenarios: [] };
      groups.set(path, g);
    }
    g.scenarios.push({ name: r.scenarioName ?? `Scenario ${r.scenarioIndex + 1}`, scenarioIndex: r.scenarioIndex });
  }
  return [...groups.values()];
}

/** Link to a scenario on the Features page (opened in a new tab by the eye icon). */
export function featureLink(projectId: string, featurePath: string, scenarioIndex: number): string {
  const q = new URLSearchParams({ feature: featurePath, scenario: String(scenarioIndex) });
  return `/${projectId}/features?${q.toString()}`;
}
