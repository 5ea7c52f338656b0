/**
 * What a field of a JsonScan holds, and the texts of its string values (json-scan.ts).
 */

/** What a field holds after a scan. */
export const NONE = 0;
export const STRING = 1;
/** A string with escapes: read it with `ScanFields.string`, which decodes them. */
export const ESCAPED = 2;
export const NUMBER = 3;
export const TRUE = 4;
export const FALSE = 5;
export const NULL = 6;
export const OBJECT = 7;
export const ARRAY = 8;

/** The text of a string value recorded at [start, end) (between its quotes) of `kind`; undefined for another kind. */
export function textAt(b: Buffer, start: number, end: number, kind: number): string | undefined {
  if (kind === STRING) return b.toString('utf8', start, end);
  if (kind === ESCAPED) return JSON.parse(b.toString('utf8', start - 1, end + 1)) as string;
  return undefined;
}

/** Whether a string value recorded at [start, end) of `kind` holds `text`: byte by byte while both are ASCII, else decoded. */
export function textEquals(b: Buffer, start: number, end: number, kind: number, text: string): boolean {
  if (kind === STRING) {
    const n = text.length;
    let k = 0;
    for (; k < n && start + k < end; k++) {
      const c = text.charCodeAt(k);
      const x = b[start + k];
      if (c >= 0x80 || x >= 0x80) break;
      if (c !== x) return false;
    }
    // All ASCII so far: equal only when both ended.
    if (k === n || start + k === end) return k === n && start + k === end;
  }
  return textAt(b, start, end, kind) === text;
}
