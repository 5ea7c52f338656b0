import type { ScenarioGroup, ScenarioReference } from '@stepwise/shared';
import type { ParsedFeature } from '../workspace/gherkin-parse.ts';

/** A feature file as the selection needs it: its repository path and parse. */
export interface SelectableFeature {
  /** 'features/checkout/pay.feature'. */
  path: string;
  parsed: Pick<ParsedFeature, 'tags' | 'scenarios' | 'examples'>;
}

/** What one scenario group runs: feature paths (with ':line' for single scenarios) and a tag expression. */
export interface GroupSelection {
  paths: string[];
  /** Cucumber tag expression, or null. */
  tags: string | null;
  /** Test cases expected (outline rows counted one by one). */
  expected: number;
  /** References that matched no scenario of the branch. */
  unresolved: string[];
}

const FEATURES = 'features/';
const untag = (t: string) => t.trim().replace(/^@/, '');

/**
 * Resolves a scenario group against the features of the branch (sorted by path). Explicit scenarios
 * win: each is found by featurePath + scenarioName first, else by featureIndex/scenarioIndex. A group
 * without scenarios selects by its tags, OR-ed (a scenario's tags include its feature's and examples').
 */
export function selectGroup(group: Pick<ScenarioGroup, 'scenarios' | 'tags'>, features: readonly SelectableFeature[]): GroupSelection {
  if (group.scenarios.length > 0) return selectScenarios(group.scenarios, features);
  const wanted = new Set(group.tags.map(untag).filter(Boolean));
  if (wanted.size === 0) return { paths: [], tags: null, expected: 0, unresolved: [] };
  const paths: string[] = [];
  let expected = 0;
  for (const f of features) {
    let inFile = 0;
    f.parsed.scenarios.forEach((s, i) => {
      const own = [...f.parsed.tags, ...s.tags].map(untag);
      const examples = f.parsed.examples[i] ?? [];
      if (examples.length === 0) {
        if (own.some((t) => wanted.has(t))) inFile += 1;
        return;
      }
      for (const ex of examples) if ([...own, ...ex.tags.map(untag)].some((t) => wanted.has(t))) inFile += ex.rows.length;
    });
    if (inFile > 0) {
      paths.push(f.path);
      expected += inFile;
    }
  }
  return { paths, tags: tagExpression([...wanted]), expected, unresolved: [] };
}

function selectScenarios(refs: readonly ScenarioReference[], features: readonly SelectableFeature[]): GroupSelection {
  const byPath = new Map(features.map((f) => [f.path, f]));
  const seen = new Set<string>();
  const paths: string[] = [];
  const unresolved: string[] = [];
  let expected = 0;
  for (const ref of refs) {
    const found = findByName(ref, byPath) ?? findByIndex(ref, features);
    if (!found) {
      unresolved.push(ref.scenarioName ? `${ref.featurePath ?? '?'}: ${ref.scenarioName}` : `feature ${ref.featureIndex}, scenario ${ref.scenarioIndex}`);
      continue;
    }
    const { feature, index } = found;
    const scenario = feature.parsed.scenarios[index];
    const entry = `${feature.path}:${scenario.line}`;
    if (seen.has(entry)) continue;
    seen.add(entry);
    paths.push(entry);
    const examples = feature.parsed.examples[index] ?? [];
    expected += examples.length === 0 ? 1 : examples.reduce((n, ex) => n + ex.rows.length, 0);
  }
  return { paths, tags: null, expected, unresolved };
}

function findByName(ref: ScenarioReference, byPath: Map<string, SelectableFeature>): { feature: SelectableFeature; index: number } | null {
  if (!ref.featurePath || !ref.scenarioName) return null;
  const p = ref.featurePath.replace(/^\/+/, '');
  const feature = byPath.get(p.startsWith(FEATURES) ? p : `${FEATURES}${p}`) ?? byPath.get(`${FEATURES}${p}`);
  if (!feature) return null;
  const names = feature.parsed.scenarios.map((s) => s.name.trim());
  const name = ref.scenarioName.trim();
  // Two scenarios of one name: the one at scenarioIndex if it is one of them.
  if (names[ref.scenarioIndex] === name) return { feature, index: ref.scenarioIndex };
  const index = names.indexOf(name);
  return index >= 0 ? { feature, index } : null;
}

function findByIndex(ref: ScenarioReference, features: readonly SelectableFeature[]): { feature: SelectableFeature; index: number } | null {
  // A reference that names its scenario and no longer finds it is not run in place of another.
  if (ref.featurePath && ref.scenarioName) return null;
  const feature = features[ref.featureIndex];
  if (!feature || !feature.parsed.scenarios[ref.scenarioIndex]) return null;
  return { feature, index: ref.scenarioIndex };
}

/** `@a or @b`, with the characters cucumber's tag expressions treat specially escaped. */
export function tagExpression(tags: readonly string[]): string | null {
  const parts = [...new Set(tags.map(untag).filter(Boolean))].map((t) => `@${t.replace(/[\\()\s]/g, (c) => `\\${c}`)}`);
  return parts.length ? parts.join(' or ') : null;
}
