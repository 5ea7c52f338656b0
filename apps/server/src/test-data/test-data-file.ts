import { TEST_DATA_TYPES, WS_MSG, type TestDataRow } from '@stepwise/shared';
import type { SecretBox } from '../security/secret-box.ts';

export const TEST_DATA_FILE = 'data/test-data.json';

/** A row as read back: the value opened; `error` when a sealed value could not be opened. */
export type OpenedRow = TestDataRow & { error?: string };

const SEALED = new Set<string>(['secret', 'totp']);

export function isSealedType(type: string): boolean {
  return SEALED.has(type);
}

/** The file's JSON: string values as they are, secret and totp values sealed (AES-256-GCM). */
export function sealRows(rows: TestDataRow[], box: SecretBox): string {
  const stored = rows.map((r) => ({
    key: r.key.trim(),
    value: isSealedType(r.DataType) ? box.encrypt(r.value) : r.value,
    DataType: r.DataType,
    environment: r.environment.trim(),
  }));
  return `${JSON.stringify(stored, null, 2)}\n`;
}

/**
 * Rows of the file with secret and totp values opened. A value that does not look sealed (written
 * by hand) is returned as it is; one that fails to open comes back empty with 'Could not decrypt!'.
 */
export function openRows(content: string | null, box: SecretBox): OpenedRow[] {
  if (!content?.trim()) return [];
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => {
      const row: OpenedRow = {
        key: text(r.key, ''),
        value: text(r.value, ''),
        DataType: (TEST_DATA_TYPES as readonly unknown[]).includes(r.DataType) ? (r.DataType as TestDataRow['DataType']) : 'string',
        environment: text(r.environment, '*'),
      };
      if (isSealedType(row.DataType) && row.value.startsWith('v1:')) {
        try {
          row.value = box.decrypt(row.value);
        } catch {
          return { ...row, value: '', error: WS_MSG.testDataDecryptError };
        }
      }
      return row;
    });
}

/** A value of a hand-written file as text: an object or array as JSON (String() would call its own, maybe non-callable, `toString`). */
function text(value: unknown, fallback: string): string {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
