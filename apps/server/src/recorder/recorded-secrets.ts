import type { RecordedSecret, TestDataRow } from '@stepwise/shared';
import { badRequest } from '../http/errors.ts';
import type { SecretBox } from '../security/secret-box.ts';
import { openRows, sealRows } from '../test-data/test-data-file.ts';

/**
 * The test data file (data/test-data.json, or null) with each recorded secret as a `secret` row of
 * the environment: a row of the same key and environment takes the new value, others are added;
 * null when nothing changes. Values are sealed before they reach Git, as the test data editor does.
 */
export function addRecordedSecrets(content: string | null, secrets: readonly RecordedSecret[], envName: string, box: SecretBox): string | null {
  const wanted = secrets.filter((s) => s.value !== '');
  if (!wanted.length) return null;
  const opened = openRows(content, box);
  if (opened.some((r) => r.error)) throw badRequest('The test data holds values this server cannot open: the recorded passwords were not saved');
  const rows: TestDataRow[] = opened.map(({ key, value, DataType, environment }) => ({ key, value, DataType, environment }));
  let changed = false;
  for (const s of wanted) {
    const key = s.key.trim();
    if (!key || key.toLowerCase() === 'env') throw badRequest(`A recorded password cannot be stored under the name '${s.key}'`);
    const row = rows.find((r) => r.key.trim() === key && r.environment.trim() === envName);
    if (row && row.value === s.value && row.DataType === 'secret') continue;
    changed = true;
    if (row) Object.assign(row, { value: s.value, DataType: 'secret' });
    else rows.push({ key, value: s.value, DataType: 'secret', environment: envName });
  }
  return changed ? sealRows(rows, box) : null;
}
