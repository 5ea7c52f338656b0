import { dialects } from '@cucumber/gherkin';
import { featuresAtCommit } from '../workspace/feature-files.ts';
import type { ProjectRepo } from '../workspace/project-repo.ts';
import { parseFeature as parseWorkspaceFeature, type ExamplesInfo, type ParsedFeature, type StepInfo } from '../workspace/gherkin-parse.ts';
import type { CachedFeature } from '../workspace/parse-cache.ts';

export type StepKeyword = 'Given' | 'When' | 'Then';

/** A step of a scenario as written, with its texts once Scenario Outline examples are substituted. */
export interface ScenarioStep {
  keyword: string;
  /** Given, When or Then: And/But/* take the meaning of the step before. */
  keywordType: StepKeyword;
  text: string;
  /** One text per example row (just `text` for a plain scenario); what cucumber-js matches. */
  texts: string[];
  background: boolean;
  line: number;
}

export interface FeatureScenario {
  name: string;
  type: string;
  steps: ScenarioStep[];
}

export interface FeatureSteps {
  /** Path in the repository: 'features/checkout/pay.feature'. */
  path: string;
  name: string;
  scenarios: FeatureScenario[];
  /** For a file that does not parse: the texts of lines that look like steps, so that no definition looks unused. */
  looseTexts: string[];
  parseError: string | null;
}

/** Step meanings by keyword as written ('Given ', 'Étant donné que '), per Gherkin language. */
const keywordTypes = new Map<string, Map<string, StepKeyword | null>>();

/**
 * Like the token matcher: a keyword of one kind only (given, when, then) has that meaning; And, But,
 * '*' and keywords of several kinds (null) take the meaning of the step before.
 */
function keywordTypeOf(language: string, keyword: string): StepKeyword | null {
  let map = keywordTypes.get(language);
  if (!map) {
    map = new Map();
    const dialect = dialects[language] ?? dialects.en;
    const kinds: Array<[readonly string[], StepKeyword | null]> = [[dialect.given, 'Given'], [dialect.when, 'When'], [dialect.then, 'Then'], [dialect.and, null], [dialect.but, null]];
    for (const [words, kind] of kinds) for (const w of words) map.set(w, map.has(w) && map.get(w) !== kind ? null : kind);
    keywordTypes.set(language, map);
  }
  return map.get(keyword) ?? null;
}

/** The texts a step runs as, one per example row (cucumber's own substitution: `<name>` by the cell, header by header). */
function exampleTexts(text: string, examples: ExamplesInfo[]): string[] {
  const texts: string[] = [];
  for (const ex of examples) {
    if (ex.header.length === 0) continue;
    for (const row of ex.rows) {
      let t = text;
      ex.header.forEach((name, i) => (t = t.split(`<${name}>`).join(row[i] ?? '')));
      if (!texts.includes(t)) texts.push(t);
    }
  }
  return texts.length ? texts : [text];
}

/** The steps view of one parsed feature; made once per blob (the workspace's parse cache holds the parse). */
const byEntry = new WeakMap<CachedFeature, Omit<FeatureSteps, 'path'>>();

/** Every .feature file under features/ at `head`, read and parsed by the workspace's reader (cached by blob id). */
export async function readFeatureSteps(repo: ProjectRepo, head: string): Promise<FeatureSteps[]> {
  const { features } = await featuresAtCommit(repo, head);
  return features.map((f) => {
    let steps = byEntry.get(f.entry);
    if (!steps) {
      steps = stepsOf(f.parsed, f.content);
      byEntry.set(f.entry, steps);
    }
    return { path: f.path, ...steps };
  });
}

/** Parses one feature file into its scenarios and steps. */
export function parseFeature(content: string): Omit<FeatureSteps, 'path'> {
  return stepsOf(parseWorkspaceFeature(content), content);
}

function stepsOf(parsed: ParsedFeature, content: string): Omit<FeatureSteps, 'path'> {
  if (parsed.parseError) return { name: parsed.featureName, scenarios: [], looseTexts: looseStepTexts(content), parseError: parsed.parseError.message };
  const scenarios = parsed.scenarios.map((sc, i): FeatureScenario => {
    const examples = parsed.examples[i] ?? [];
    const background = (parsed.scenarioBackgrounds[i] ?? []).map((s) => ({ s, texts: [s.text], background: true }));
    const own = sc.steps.map((s) => ({ s, texts: examples.length ? exampleTexts(s.text, examples) : [s.text], background: false }));
    return { name: sc.name, type: sc.type, steps: withTypes(parsed.language, [...background, ...own]) };
  });
  return { name: parsed.featureName, scenarios, looseTexts: [], parseError: null };
}

function withTypes(language: string, steps: Array<{ s: StepInfo; texts: string[]; background: boolean }>): ScenarioStep[] {
  let previous: StepKeyword = 'Given';
  return steps.map(({ s, texts, background }) => {
    const type = keywordTypeOf(language, s.keyword) ?? previous;
    previous = type;
    return { keyword: s.keyword.trim(), keywordType: type, text: s.text, texts, background, line: s.line };
  });
}

const STEP_LINE = /^\s*(?:Given|When|Then|And|But|\*)\s+(.+?)\s*$/;

function looseStepTexts(content: string): string[] {
  return content.split(/\r?\n/).map((l) => STEP_LINE.exec(l)?.[1]).filter((t): t is string => !!t);
}

/**
 * The feature a request names: a path relative to features/ ('checkout/pay.feature', with or
 * without the extension or the 'features/' prefix), else a file name, else the Feature's title.
 */
export function findFeature(features: FeatureSteps[], featureName: string): FeatureSteps | undefined {
  const wanted = featureName.trim().replace(/^\/+/, '').replace(/^features\//, '').replace(/\.feature$/i, '');
  const rel = (f: FeatureSteps) => f.path.replace(/^features\//, '').replace(/\.feature$/, '');
  return (
    features.find((f) => rel(f) === wanted) ??
    features.find((f) => rel(f).split('/').pop() === wanted) ??
    features.find((f) => f.name === featureName.trim())
  );
}
