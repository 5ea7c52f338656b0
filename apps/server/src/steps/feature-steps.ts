import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, type Background, type GherkinDocument, type Scenario, type Step } from '@cucumber/messages';
import type { GitRepo } from '../workspace/git-repo.ts';

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

const cache = new Map<string, Omit<FeatureSteps, 'path'>>();
const CACHE_MAX = 20_000;

/** Every .feature file under features/ at `head`, parsed (cached by blob id). */
export async function readFeatureSteps(repo: GitRepo, head: string): Promise<FeatureSteps[]> {
  const entries = (await repo.lsTree(head, 'features')).filter((e) => e.type === 'blob' && e.mode !== '120000' && e.path.endsWith('.feature'));
  const missing = entries.filter((e) => !cache.has(e.oid)).map((e) => e.oid);
  const blobs = await repo.readBlobs(missing);
  if (cache.size + missing.length > CACHE_MAX) cache.clear();
  for (const oid of missing) cache.set(oid, parseFeature(blobs.get(oid) ?? ''));
  return entries.map((e) => ({ path: e.path, ...(cache.get(e.oid) ?? parseFeature('')) }));
}

/** Parses one feature file into its scenarios and steps. */
export function parseFeature(content: string): Omit<FeatureSteps, 'path'> {
  const newId = IdGenerator.incrementing();
  let doc: GherkinDocument;
  try {
    doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(content);
  } catch (err) {
    return { name: '', scenarios: [], looseTexts: looseStepTexts(content), parseError: (err as Error).message };
  }
  const texts = new Map<string, string[]>();
  for (const pickle of compile(doc, 'feature', newId)) {
    for (const ps of pickle.steps) {
      const list = texts.get(ps.astNodeIds[0]) ?? [];
      if (!list.includes(ps.text)) list.push(ps.text);
      texts.set(ps.astNodeIds[0], list);
    }
  }
  const scenarios: FeatureScenario[] = [];
  const feature = doc.feature;
  const featureBackground = feature?.children.find((c) => c.background)?.background;
  const add = (scenario: Scenario, ruleBackground?: Background) => {
    const bg = [...(featureBackground?.steps ?? []), ...(ruleBackground?.steps ?? [])];
    scenarios.push({
      name: scenario.name,
      type: scenario.keyword.trim(),
      steps: withTypes([...bg.map((s) => ({ s, background: true })), ...scenario.steps.map((s) => ({ s, background: false }))], texts),
    });
  };
  for (const child of feature?.children ?? []) {
    if (child.scenario) add(child.scenario);
    if (child.rule) {
      const ruleBackground = child.rule.children.find((c) => c.background)?.background;
      for (const rc of child.rule.children) if (rc.scenario) add(rc.scenario, ruleBackground);
    }
  }
  return { name: feature?.name ?? '', scenarios, looseTexts: [], parseError: null };
}

function withTypes(steps: Array<{ s: Step; background: boolean }>, texts: Map<string, string[]>): ScenarioStep[] {
  let previous: StepKeyword = 'Given';
  return steps.map(({ s, background }) => {
    const type = s.keywordType === 'Context' ? 'Given' : s.keywordType === 'Action' ? 'When' : s.keywordType === 'Outcome' ? 'Then' : previous;
    previous = type;
    return { keyword: s.keyword.trim(), keywordType: type, text: s.text, texts: texts.get(s.id) ?? [s.text], background, line: s.location.line };
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
