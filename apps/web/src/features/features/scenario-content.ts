import type { ScenarioDto } from '@stepwise/shared';
import type { FeatureNode } from './features.api';
import { ENGLISH, type GherkinKeywords } from './gherkin-dialect';
import { scenarioSteps } from './gherkin-text';

/** A scenario as the page shows it: the compact list's fields with its text and steps. */
export type ScenarioView = ScenarioDto & { startLine: number; endLine: number };

/** Lines of a text, each with its own line break ('\n' or '\r\n'; the last may have none). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Lines `start`..`end` (1-based) as in the file, without the last line break (as the server cuts them). */
export function cutLines(lines: string[], start: number, end: number): string {
  return lines
    .slice(Math.max(0, start - 1), end)
    .join('')
    .replace(/\r?\n?$/, '');
}

// Results are kept by feature node: a refetched list keeps the node object only while its content is
// unchanged (structural sharing), whereas a scenario entry can stay the same object when its text changed.
const byFeature = new WeakMap<FeatureNode, { lines: string[]; kw: GherkinKeywords; views: Array<ScenarioView | undefined> }>();

/**
 * Scenario `index` of a feature with its text and steps, cut from the feature's content by its lines;
 * `kw` are the keywords of the file's language (see useGherkinKeywords).
 */
export function scenarioView(feature: FeatureNode, index: number, kw: GherkinKeywords = ENGLISH): ScenarioView | undefined {
  const scenario = feature.scenarios?.[index];
  if (!scenario) return undefined;
  let cached = byFeature.get(feature);
  if (!cached || cached.kw !== kw) {
    cached = { lines: cached?.lines ?? splitLines(feature.content ?? ''), kw, views: [] };
    byFeature.set(feature, cached);
  }
  let view = cached.views[index];
  if (!view) {
    // A list kept from an older server (full form, no line numbers) still carries the scenario's own text.
    const content =
      typeof scenario.startLine === 'number' ? cutLines(cached.lines, scenario.startLine, scenario.endLine) : ((scenario as Partial<ScenarioDto>).content ?? '');
    view = { ...scenario, content, steps: scenarioSteps(content, scenario.startLine, kw) };
    cached.views[index] = view;
  }
  return view;
}
