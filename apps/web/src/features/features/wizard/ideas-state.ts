import {
  DEFAULT_TAG, ideaGherkin, ideaParametersJson, ideaSelectionError, parseIdeaParameters, uniqueIdeaNames,
  type IdeaDraft, type IdeaParameter, type ScenarioIdeaDto,
} from '@stepwise/shared';

/** One idea in the wizard: the spec's idea made editable (parameters as rows), chosen or not. */
export interface IdeaRow extends IdeaDraft {
  id: string;
  selected: boolean;
}

let nextId = 0;
const newId = () => `idea-${++nextId}`;

/** Rows of the ideas the server proposed, none chosen yet. */
export function ideaRows(ideas: readonly ScenarioIdeaDto[]): IdeaRow[] {
  return ideas.map((idea) => ({
    id: newId(),
    selected: false,
    name: idea.name,
    flow: idea.flow,
    parameters: parseIdeaParameters(idea.parameters) ?? [],
  }));
}

export function updateRow(rows: IdeaRow[], id: string, patch: Partial<IdeaRow>): IdeaRow[] {
  return rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
}

export function updateParameter(row: IdeaRow, index: number, patch: Partial<IdeaParameter>): Partial<IdeaRow> {
  return { parameters: row.parameters.map((p, i) => (i === index ? { ...p, ...patch } : p)) };
}

export function addParameter(row: IdeaRow): Partial<IdeaRow> {
  return { parameters: [...row.parameters, { key: '', value: '' }] };
}

export function removeParameter(row: IdeaRow, index: number): Partial<IdeaRow> {
  return { parameters: row.parameters.filter((_, i) => i !== index) };
}

export const chosen = (rows: readonly IdeaRow[]) => rows.filter((r) => r.selected);

/** The message shown above the ideas when the chosen ones cannot go on to the review, or null (spec 001 "Scenario idea"). */
export function selectionError(rows: readonly IdeaRow[], allowance: number): string | null {
  return ideaSelectionError(chosen(rows), allowance);
}

/** A chosen idea as it will be saved: its name made unique in the feature, and its Gherkin. */
export interface ReviewedIdea {
  id: string;
  name: string;
  flow: string;
  parameters: string;
  gherkin: string;
}

/** The chosen ideas with names unique among the feature's scenarios and each other (numeric suffix), and the Gherkin each becomes. */
export function reviewed(rows: readonly IdeaRow[], taken: readonly string[]): ReviewedIdea[] {
  const list = chosen(rows);
  const names = uniqueIdeaNames(list.map((r) => r.name), taken);
  return list.map((r, i) => ({
    id: r.id,
    name: names[i],
    flow: r.flow,
    parameters: ideaParametersJson(r.parameters),
    gherkin: ideaGherkin(names[i], r.flow, r.parameters, [DEFAULT_TAG]),
  }));
}
