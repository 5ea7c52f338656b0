import { WS_MSG } from './workspace-messages.ts';
import { scenarioNameError, uniqueName } from './workspace-validation.ts';

/**
 * Scenario ideas (spec 001: "Generated scenario idea", "Scenario idea" validation): the rules the
 * add-scenario wizard and the server share, and the Gherkin an idea becomes.
 */

/** One parameter row of an idea: its name (the `<name>` placeholder of the flow) and example value. */
export interface IdeaParameter {
  key: string;
  value: string;
}

/** An idea as the wizard edits it: parameters as rows rather than the spec's JSON string. */
export interface IdeaDraft {
  name: string;
  flow: string;
  parameters: IdeaParameter[];
}

export const IDEA_MSG = {
  fillAllFields: WS_MSG.fillAllFields,
  nameExists: WS_MSG.scenarioIdeaExists,
  selectOne: WS_MSG.selectAtLeastOne,
  describeFirst: 'Describe what the scenarios should test first.',
  parametersInvalid: 'Parameters must be a JSON object of names and text values.',
  parameterName: 'Parameter names may hold letters, digits and _ only, starting with a letter.',
  parameterTwice: 'Each parameter name may be used once.',
  tokenRequired: 'AI scenario generation needs an access token: create one in Settings > Access tokens.',
  accessKeyInvalid: 'The access key is not a key of this project.',
  noEnvironment: 'Add an environment first: the pages of the application are read from it.',
  chooseFeature: 'Choose the feature the scenario goes to.',
  ideasFailed: 'An error occurred while trying to create the scenarios, please try again.',
} as const;

/** The spec's message when more ideas are chosen than the plan leaves room for. */
export function maxScenariosMessage(allowance: number): string {
  return `You can add maximum ${allowance} scenarios in your project as per the current plan.`;
}

export function unknownParameterMessage(name: string): string {
  return `The flow uses <${name}>, which is not a parameter.`;
}

const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
const PLACEHOLDER = /<([^<>\n]*)>/g;

/** The rows of the spec's `parameters` JSON string; null when it is not an object of text (or number) values. */
export function parseIdeaParameters(json: string): IdeaParameter[] | null {
  if (!json.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const rows: IdeaParameter[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
    rows.push({ key, value: String(v) });
  }
  return rows;
}

/** The spec's `parameters`: a JSON string of key/value pairs. */
export function ideaParametersJson(rows: readonly IdeaParameter[]): string {
  return JSON.stringify(Object.fromEntries(rows.map((r) => [r.key.trim(), r.value])));
}

/** The `<name>` placeholders a flow uses, in order, each once. */
export function flowPlaceholders(flow: string): string[] {
  return [...new Set([...flow.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** What is wrong with one idea (its own fields), or null. */
export function ideaError(idea: IdeaDraft): string | null {
  if (!idea.name.trim() || !idea.flow.trim() || idea.parameters.some((p) => !p.key.trim())) return IDEA_MSG.fillAllFields;
  const nameError = scenarioNameError(idea.name.trim());
  if (nameError) return nameError;
  const keys = idea.parameters.map((p) => p.key.trim());
  if (keys.some((k) => !PARAM_KEY.test(k))) return IDEA_MSG.parameterName;
  if (new Set(keys).size !== keys.length) return IDEA_MSG.parameterTwice;
  const unknown = flowPlaceholders(idea.flow).find((p) => !keys.includes(p));
  return unknown === undefined ? null : unknownParameterMessage(unknown);
}

/**
 * The message the wizard shows above the ideas when the chosen ones cannot be saved, or null: none
 * chosen, a field left empty, a name twice (ignoring case), more than the plan's remaining allowance.
 */
export function ideaSelectionError(chosen: readonly IdeaDraft[], allowance: number): string | null {
  if (chosen.length === 0) return IDEA_MSG.selectOne;
  for (const idea of chosen) {
    const error = ideaError(idea);
    if (error) return error;
  }
  const names = chosen.map((i) => i.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return IDEA_MSG.nameExists;
  if (chosen.length > allowance) return maxScenariosMessage(Math.max(0, allowance));
  return null;
}

/** Names made unique among `taken` and each other with a numeric suffix ("Search", "Search 2"). */
export function uniqueIdeaNames(names: readonly string[], taken: readonly string[]): string[] {
  const used = [...taken];
  return names.map((n) => {
    const name = uniqueName(n.trim(), used);
    used.push(name);
    return name;
  });
}

export type IdeaKeyword = 'Given' | 'When' | 'Then';

export interface IdeaStep {
  keyword: IdeaKeyword;
  text: string;
}

const KEYWORD = /^(given|when|then|and|but|\*)\s+/i;
const LIST_MARK = /^(?:[-*•]|\d+[.)])\s+/;
const OUTCOME = /\b(should|must|see|sees|shows?|displays?|contains?|appears?|verify|is (?:shown|displayed|visible))\b/i;
const ARRIVAL = /\b(open|go to|visit|navigate|am on|is open)\b/i;

/**
 * The steps of a flow, one per line: a leading Given/When/Then is kept (And/But take the keyword
 * before), a line without one gets Then for a check, Given for a first line that opens a page,
 * When otherwise.
 */
export function ideaSteps(flow: string): IdeaStep[] {
  const out: IdeaStep[] = [];
  for (const raw of flow.split(/\r?\n/)) {
    const line = raw.trim().replace(LIST_MARK, '');
    const m = KEYWORD.exec(line);
    const text = (m ? line.slice(m[0].length) : line).trim();
    if (!text) continue;
    const said = m?.[1].toLowerCase();
    const before = out.at(-1)?.keyword ?? 'Given';
    const keyword: IdeaKeyword =
      said === 'given' ? 'Given'
      : said === 'when' ? 'When'
      : said === 'then' ? 'Then'
      : said ? before
      : OUTCOME.test(text) ? 'Then'
      : out.length === 0 && ARRIVAL.test(text) ? 'Given'
      : 'When';
    out.push({ keyword, text });
  }
  return out;
}

/** The flow with each `<name>` replaced by its example value (the steps as a run of the first example row reads them). */
export function fillPlaceholders(text: string, rows: readonly IdeaParameter[]): string {
  const values = new Map(rows.map((r) => [r.key.trim(), r.value]));
  return text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
}

function cell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '\\n');
}

/**
 * The scenario an idea becomes, indented as a feature's scenario: tagged, a Scenario Outline whose
 * Examples hold the parameters (one row), or a plain Scenario when it has none; repeated keywords as And.
 */
export function ideaGherkin(name: string, flow: string, parameters: readonly IdeaParameter[], tags: readonly string[] = []): string {
  const lines = tags.length ? [`  ${tags.map((t) => (t.startsWith('@') ? t : `@${t}`)).join(' ')}`] : [];
  const outline = parameters.length > 0;
  lines.push(`  ${outline ? 'Scenario Outline' : 'Scenario'}: ${name.trim()}`);
  let last: IdeaKeyword | null = null;
  for (const s of ideaSteps(flow)) {
    lines.push(`    ${s.keyword === last ? 'And' : s.keyword} ${s.text}`);
    last = s.keyword;
  }
  if (outline) {
    const header = parameters.map((p) => cell(p.key.trim()));
    const row = parameters.map((p) => cell(p.value));
    const width = header.map((h, i) => Math.max(h.length, row[i].length));
    const format = (cells: string[]) => `      | ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
    lines.push('', '    Examples:', format(header), format(row));
  }
  return `${lines.join('\n')}\n`;
}
