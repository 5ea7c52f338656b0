import { AstBuilder, GherkinClassicTokenMatcher, Parser, dialects } from '@cucumber/gherkin';
import { IdGenerator, type Background, type GherkinDocument, type Scenario, type Tag } from '@cucumber/messages';
import type { ParseError, ScenarioDto } from '@stepwise/shared';
import { scenarioSpans, type ScenarioSpan } from './gherkin-lines.ts';
import { LeanAstBuilder, type LeanScenario } from './lean-ast-builder.ts';

export interface StepInfo {
  keyword: string;
  text: string;
  line: number;
}

export interface ExamplesInfo {
  name: string;
  tags: string[];
  header: string[];
  rows: string[][];
}

/** What the features area needs from one .feature file. */
export interface ParsedFeature {
  /** Title after `Feature:` ('' when the file has none). */
  featureName: string;
  /** Feature tags, without '@'. */
  tags: string[];
  /** Every tag of the file (feature, rules, scenarios, examples), without '@'. */
  allTags: string[];
  /** Scenarios and outlines in file order, rules included. */
  scenarios: ScenarioDto[];
  /** Where each scenario sits in the file, same order as `scenarios`. */
  spans: ScenarioSpan[];
  /** Examples tables of each scenario, same order as `scenarios`. */
  examples: ExamplesInfo[][];
  /** Steps of every Background (feature and rules), in file order. */
  backgroundSteps: StepInfo[];
  /** The Background steps each scenario runs first (the feature's, then its rule's), same order as `scenarios`; shared arrays. */
  scenarioBackgrounds: StepInfo[][];
  /** Line of the `Feature:` keyword, null when absent. */
  featureLine: number | null;
  /** Gherkin language of the file ('en' unless a `# language:` header says otherwise). */
  language: string;
  parseError: ParseError | null;
}

const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
const leanParser = new Parser(new LeanAstBuilder(), new GherkinClassicTokenMatcher());

/** The Gherkin document of `content`; throws the parser's error when it does not parse. */
export function parseGherkinDocument(content: string): GherkinDocument {
  return parser.parse(content);
}

const untag = (tags: readonly Tag[]) => tags.map((t) => t.name.replace(/^@/, ''));
/** Steps of the lean document are already { keyword, text, line }. */
const stepsOf = (s: Scenario | Background | LeanScenario): StepInfo[] => s.steps as unknown as StepInfo[];

/** Parses a feature file; a file that does not parse gives empty lists and `parseError`. */
export function parseFeature(content: string): ParsedFeature {
  let doc: GherkinDocument;
  try {
    doc = leanParser.parse(content);
  } catch (err) {
    return unparsable(content, err);
  }
  const feature = doc.feature;
  const result: ParsedFeature = {
    featureName: feature?.name ?? '',
    tags: feature ? untag(feature.tags) : [],
    allTags: [],
    scenarios: [],
    spans: [],
    examples: [],
    backgroundSteps: [],
    scenarioBackgrounds: [],
    featureLine: feature?.location.line ?? null,
    language: feature?.language ?? 'en',
    parseError: null,
  };
  if (!feature) return result;
  const spans = scenarioSpans(doc, content);
  const outlineWords = dialects[feature.language]?.scenarioOutline ?? ['Scenario Outline', 'Scenario Template'];
  const tags = new Set(result.tags);
  const addScenario = (leanScenario: Scenario, rule: string | null, background: StepInfo[]) => {
    const sc = leanScenario as unknown as LeanScenario;
    const span = spans[result.scenarios.length];
    result.scenarioBackgrounds.push(background);
    for (const t of sc.tags) tags.add(t.name.slice(1));
    for (const ex of sc.examples) for (const t of ex.tags) tags.add(t.name.slice(1));
    result.spans.push(span);
    result.examples.push(sc.examples.map((ex) => ({ name: ex.name, tags: untag(ex.tags), header: ex.tableHeader ?? [], rows: ex.tableBody })));
    result.scenarios.push({
      type: sc.examples.length > 0 || outlineWords.includes(sc.keyword) ? 'Scenario Outline' : 'Scenario',
      name: sc.name,
      content: span.content,
      tags: untag(sc.tags),
      line: sc.location.line,
      steps: stepsOf(sc),
      rule,
      startLine: span.start,
      endLine: span.end,
    });
  };
  let featureBackground: StepInfo[] = [];
  for (const child of feature.children) {
    if (child.background) {
      featureBackground = stepsOf(child.background);
      result.backgroundSteps.push(...featureBackground);
    }
    if (child.scenario) addScenario(child.scenario, null, featureBackground);
    if (child.rule) {
      for (const t of child.rule.tags) tags.add(t.name.slice(1));
      let ruleBackground = featureBackground;
      for (const rc of child.rule.children) {
        if (rc.background) {
          result.backgroundSteps.push(...stepsOf(rc.background));
          ruleBackground = [...featureBackground, ...stepsOf(rc.background)];
        }
        if (rc.scenario) addScenario(rc.scenario, child.rule.name, ruleBackground);
      }
    }
  }
  result.allTags = [...tags];
  return result;
}

function unparsable(content: string, err: unknown): ParsedFeature {
  const e = err as { errors?: Array<{ message?: string; location?: { line?: number; column?: number } }>; message?: string };
  const first = e.errors?.[0] ?? e;
  const loc = (first as { location?: { line?: number; column?: number } }).location;
  const title = /^[ \t]*Feature:[ \t]*(.*?)[ \t]*\r?$/m.exec(content);
  return {
    featureName: title?.[1] ?? '',
    tags: [],
    allTags: [],
    scenarios: [],
    spans: [],
    examples: [],
    backgroundSteps: [],
    scenarioBackgrounds: [],
    featureLine: null,
    language: 'en',
    parseError: { message: String(first.message ?? 'Invalid Gherkin'), line: loc?.line ?? null, column: loc?.column ?? null },
  };
}
