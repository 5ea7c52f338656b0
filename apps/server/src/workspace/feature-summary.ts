import type { ParseError, ScenarioDto } from '@stepwise/shared';
import type { ParsedFeature } from './gherkin-parse.ts';

/** What the tree, the tag list and the scenario counts need from a parsed feature. */
export interface FeatureSummary {
  featureName: string;
  scenarioCount: number;
  /** Every tag of the file, without '@'. */
  allTags: string[];
  parseError: ParseError | null;
}

export type ListForm = 'full' | 'compact';

const compactScenario = (s: ScenarioDto) => ({
  type: s.type,
  name: s.name,
  tags: s.tags,
  line: s.line,
  rule: s.rule,
  startLine: s.startLine ?? s.line,
  endLine: s.endLine ?? s.line,
});

export function summarise(parsed: ParsedFeature): FeatureSummary {
  return { featureName: parsed.featureName, scenarioCount: parsed.scenarios.length, allTags: parsed.allTags, parseError: parsed.parseError };
}

/**
 * The content-dependent part of a feature node as JSON (no braces): featureName, content, tags,
 * scenarios, parseError. `compact` scenarios leave out content and steps (see CompactScenarioDto).
 */
export function nodeFragment(content: string, parsed: ParsedFeature, form: ListForm): string {
  const scenarios = form === 'full' ? parsed.scenarios : parsed.scenarios.map(compactScenario);
  return (
    `"featureName":${JSON.stringify(parsed.featureName)},"content":${JSON.stringify(content)},"tags":${JSON.stringify(parsed.tags)}` +
    `,"scenarios":${JSON.stringify(scenarios)},"parseError":${JSON.stringify(parsed.parseError)}`
  );
}
