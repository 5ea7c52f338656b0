import { dialects } from '@cucumber/gherkin';
import { uniqueName } from '@stepwise/shared';
import { eolOf, isBlank, splitLines } from './gherkin-lines.ts';
import { parseGherkinDocument, type ParsedFeature } from './gherkin-parse.ts';

/**
 * Text edits of a feature file at the scenario level. Each keeps every byte outside the scenario
 * it touches: the file is cut by the parser's line numbers (see ScenarioSpan) and re-joined.
 */

/** Pushed text with the file's line breaks and without trailing blank lines. */
export function normaliseData(data: string, eol: string): string {
  const lines = data.replace(/\r\n/g, '\n').split('\n');
  while (lines.length && isBlank(lines[lines.length - 1])) lines.pop();
  return lines.join(eol);
}

const lineBreakOf = (line: string) => (line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '');

export function replaceScenario(text: string, parsed: ParsedFeature, index: number, data: string): string {
  const span = parsed.spans[index];
  const lines = splitLines(text);
  const body = normaliseData(data, eolOf(text));
  return lines.slice(0, span.start - 1).join('') + body + lineBreakOf(lines[span.end - 1]) + lines.slice(span.end).join('');
}

export function appendScenarios(text: string, data: string): string {
  const eol = eolOf(text);
  let base = text;
  if (base.length && !base.endsWith('\n')) base += eol;
  const lines = splitLines(base);
  if (lines.length && !isBlank(lines[lines.length - 1])) base += eol;
  return base + normaliseData(data, eol) + eol;
}

/** Removes a scenario and the blank lines that separated it from its neighbour. */
export function removeScenario(text: string, parsed: ParsedFeature, index: number): string {
  const span = parsed.spans[index];
  const lines = splitLines(text);
  if (span.next !== null) return lines.slice(0, span.start - 1).join('') + lines.slice(span.next - 1).join('');
  return lines.slice(0, span.prev).join('') + lines.slice(span.end).join('');
}

export function newFeatureText(featureName: string, data: string | null): string {
  return data === null ? `Feature: ${featureName}\n` : `Feature: ${featureName}\n\n${normaliseData(data, '\n')}\n`;
}

/** Renames the `Feature:` title line, keeping its indentation, keyword and line break. */
export function renameFeatureTitle(text: string, parsed: ParsedFeature, newName: string): string {
  const lines = splitLines(text);
  let index = parsed.featureLine !== null ? parsed.featureLine - 1 : lines.findIndex((l) => /^\s*Feature:/.test(l));
  if (index < 0 || index >= lines.length) index = -1;
  if (index < 0) return text;
  const m = /^(\s*[^:]*:)/.exec(lines[index]);
  if (!m) return text;
  lines[index] = `${m[1]} ${newName}${lineBreakOf(lines[index])}`;
  return lines.join('');
}

export interface DataScenario {
  name: string;
  keyword: string;
  /** 0-based line of the title in the pushed text. */
  lineIndex: number;
  tags: string[];
}

/** The scenarios of a pushed text, parsed in the file's language; null when it does not parse. */
export function scenariosOfData(data: string, language: string): DataScenario[] | null {
  const featureWord = dialects[language]?.feature[0] ?? 'Feature';
  const header = `# language: ${language}\n${featureWord}: pushed\n`;
  try {
    const doc = parseGherkinDocument(header + data.replace(/\r\n/g, '\n'));
    const out: DataScenario[] = [];
    for (const child of doc.feature?.children ?? []) {
      const scenarios = child.scenario ? [child.scenario] : (child.rule?.children ?? []).map((c) => c.scenario).filter((s) => !!s);
      for (const sc of scenarios) {
        out.push({ name: sc.name, keyword: sc.keyword, lineIndex: sc.location.line - 3, tags: sc.tags.map((t) => t.name.slice(1)) });
      }
    }
    return out;
  } catch {
    return null;
  }
}

/** Gives each scenario of `data` a name not in `taken` (nor used earlier in `data`), with a numeric suffix. */
export function uniquifyNames(data: string, scenarios: DataScenario[], taken: string[]): { data: string; names: string[] } {
  const lines = data.replace(/\r\n/g, '\n').split('\n');
  const used = [...taken];
  const names = scenarios.map((sc) => {
    const name = uniqueName(sc.name, used);
    used.push(name);
    if (name !== sc.name) {
      const line = lines[sc.lineIndex];
      const at = line.indexOf(`${sc.keyword}:`);
      if (at >= 0) lines[sc.lineIndex] = `${line.slice(0, at + sc.keyword.length + 1)} ${name}`;
    }
    return name;
  });
  return { data: lines.join('\n'), names };
}
