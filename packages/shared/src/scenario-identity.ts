/**
 * How a scenario is named across runs (feature path, scenario name, example row) and whether it is
 * quarantined. Plain code without zod: the run process imports it (`@stepwise/shared/scenario-identity`)
 * and starts faster without the schemas.
 */

/** The tag that quarantines a scenario (as the quarantine flag does). */
export const QUARANTINE_TAG = '@quarantine';

/** The example row's values as `name=value, ...` (sorted by name; '' outside a Scenario Outline). */
export function exampleText(params: Readonly<Record<string, string>> | null | undefined): string {
  return Object.entries(params ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** A scenario as a quarantine flag names it outside the server: feature path, scenario name and example row. */
export function scenarioIdentity(featurePath: string, scenarioName: string, params: Readonly<Record<string, string>> | null | undefined): string {
  return [featurePath, scenarioName, exampleText(params)].join('\u001f');
}

/** A scenario is out of the verdict when tagged @quarantine or flagged (its identity among `flagged`). */
export function isQuarantined(tags: readonly string[], identity: string, flagged: ReadonlySet<string>): boolean {
  return tags.includes(QUARANTINE_TAG) || flagged.has(identity);
}
