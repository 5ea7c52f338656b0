/** What the Features page shows, as kept in the URL (feature, folders, scenario). */
export interface FeatureSelection {
  /** Folder path relative to features/ ('' for the root). */
  folder: string;
  /** Feature file name ('login.feature'), or null when a folder (or nothing) is selected. */
  feature: string | null;
  /** Scenario index, or a scenario name from an older link. */
  scenario: string | null;
}

/** Reads the query; a legacy feature value with slashes is split into folders and a name. */
export function readSelection(params: URLSearchParams): FeatureSelection {
  let folder = (params.get('folders') ?? '').replace(/^\/+|\/+$/g, '');
  let feature = params.get('feature');
  if (feature?.includes('/')) {
    const cut = feature.lastIndexOf('/');
    folder = [folder, feature.slice(0, cut).replace(/^\/+/, '')].filter(Boolean).join('/');
    feature = feature.slice(cut + 1);
  }
  if (feature && !feature.endsWith('.feature')) feature = `${feature}.feature`;
  return { folder, feature: feature || null, scenario: params.get('scenario') };
}

export function featurePathOf(sel: FeatureSelection): string | null {
  if (!sel.feature) return null;
  return sel.folder ? `${sel.folder}/${sel.feature}` : sel.feature;
}

/** Scenario index of the selection within a feature holding `names`, or null. */
export function scenarioIndexOf(sel: FeatureSelection, names: string[]): number | null {
  if (sel.scenario === null) return names.length ? 0 : null;
  if (/^\d+$/.test(sel.scenario)) {
    const i = Number(sel.scenario);
    return i < names.length ? i : names.length ? 0 : null;
  }
  const i = names.indexOf(sel.scenario);
  return i >= 0 ? i : names.length ? 0 : null;
}

/** A copy of `params` showing the given feature path and scenario (other parameters are kept). */
export function selectionParams(params: URLSearchParams, path: string | null, scenario: number | null, folderOnly?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['feature', 'folders', 'scenario']) next.delete(key);
  if (path) {
    const cut = path.lastIndexOf('/');
    if (cut >= 0) next.set('folders', path.slice(0, cut));
    next.set('feature', path.slice(cut + 1));
    if (scenario !== null) next.set('scenario', String(scenario));
  } else if (folderOnly) {
    next.set('folders', folderOnly);
  }
  return next;
}

/** Query parameter naming what the scenario pane shows. */
export const SCENARIO_VIEW_PARAM = 'scenario-view-toggle-option';
/** Gherkin text and step bars (the default), the Gherkin text only, or the step bars only. */
export const SCENARIO_VIEWS = ['both', 'gherkin', 'steps'] as const;
export type ScenarioViewOption = (typeof SCENARIO_VIEWS)[number];

/** The scenario view of the link; a missing or unknown value is 'both'. */
export function readScenarioView(params: URLSearchParams): ScenarioViewOption {
  const value = params.get(SCENARIO_VIEW_PARAM);
  return (SCENARIO_VIEWS as readonly string[]).includes(value ?? '') ? (value as ScenarioViewOption) : 'both';
}
