import { WS_MSG } from '@stepwise/shared';
import type { ScenarioParameter } from '../gherkin-text';

/**
 * Problem of each parameter row, or null: every row needs a key ('Please fill in all fields.') and
 * a key may be used once (the later rows are flagged). Values may be empty.
 */
export function parameterErrors(rows: ScenarioParameter[]): (string | null)[] {
  const seen = new Set<string>();
  return rows.map(({ key }) => {
    const k = key.trim();
    if (!k) return WS_MSG.fillAllFields;
    if (seen.has(k)) return WS_MSG.testDataDuplicate;
    seen.add(k);
    return null;
  });
}
