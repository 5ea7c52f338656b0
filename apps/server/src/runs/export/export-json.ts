import type { ExportCase } from './export-cases.ts';
import { isHook } from './export-ndjson.ts';
import { caseOutcome, featuresInChunks } from './export-shape.ts';

/**
 * A run as Cucumber JSON (the layout of cucumber-js's json formatter: features with their scenarios as
 * elements, hooks as hidden steps, durations in nanoseconds), written a feature chunk at a time.
 */

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'feature';

export async function* cucumberJson(cases: AsyncIterable<ExportCase>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const chunk of featuresInChunks(cases)) {
    const featureId = slug(chunk.featureName || chunk.featurePath);
    const elements = chunk.cases.map((c) => {
      const line = c.line ?? 1;
      return {
        description: '',
        id: `${featureId};${slug(c.scenarioName)}`,
        keyword: 'Scenario',
        line,
        name: c.scenarioName,
        steps: caseOutcome(c).steps.map((s) => {
          const result = {
            status: s.result.status.toLowerCase(),
            duration: Math.round((s.result.duration ?? 0) * 1e6),
            ...(s.result.errorStack || s.result.message ? { error_message: s.result.errorStack ?? s.result.message } : {}),
          };
          if (isHook(s)) return { keyword: s.type, hidden: true, result, ...(s.match ? { match: { location: s.match } } : {}) };
          return { arguments: [], keyword: `${s.keyword.trim() || '*'} `, line: s.line ?? line, name: s.text, match: { location: s.match ?? '' }, result };
        }),
        tags: c.tags.map((name) => ({ name, line: Math.max(line - 1, 1) })),
        type: 'scenario',
      };
    });
    const feature = { description: '', elements, id: featureId, line: 1, keyword: 'Feature', name: chunk.featureName, tags: [], uri: chunk.featurePath };
    yield `${first ? '\n' : ',\n'}${JSON.stringify(feature)}`;
    first = false;
  }
  yield '\n]\n';
}
