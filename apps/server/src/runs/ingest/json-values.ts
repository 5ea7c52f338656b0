/**
 * Where a JSON string or number that starts at a byte ends, checked as strict JSON (RFC 8259): the
 * scanner's (json-scan.ts) and the layouts' (scan-template.ts) one reading of values.
 */

// Byte classes inside a string: 0 plain, 1 the closing quote, 2 a backslash, 3 a control character.
const IN_STRING = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) IN_STRING[c] = 3;
IN_STRING[0x22] = 1;
IN_STRING[0x5c] = 2;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrtu') ESCAPE[c.charCodeAt(0)] = 1;

/**
 * Where the string whose text starts at `i` (after its opening quote) ends, before `n`: the closing
 * quote's index times two, plus one when the string has escapes; -1 when it is not a valid string.
 */
export function stringEnd(b: Uint8Array, i: number, n: number): number {
  let escaped = 0;
  for (;;) {
    while (i < n && IN_STRING[b[i]] === 0) i++;
    if (i >= n) return -1;
    const cls = IN_STRING[b[i]];
    if (cls === 1) return i * 2 + escaped;
    if (cls === 3) return -1;
    // A backslash.
    const e = b[i + 1];
    if (i + 1 >= n || ESCAPE[e] === 0) return -1;
    if (e === 0x75) {
      if (i + 6 > n || !HEX[b[i + 2]] || !HEX[b[i + 3]] || !HEX[b[i + 4]] || !HEX[b[i + 5]]) return -1;
      i += 6;
    } else i += 2;
    escaped = 1;
  }
}

/** Where the number that starts at `i` ends, before `n`; -1 when it is not a valid number. */
export function numberEnd(b: Uint8Array, i: number, n: number): number {
  if (b[i] === 0x2d) i++;
  if (i >= n) return -1;
  if (b[i] === 0x30) i++;
  else if (b[i] >= 0x31 && b[i] <= 0x39) {
    i++;
    while (i < n && b[i] >= 0x30 && b[i] <= 0x39) i++;
  } else return -1;
  if (i < n && b[i] === 0x2e) {
    i++;
    if (i >= n || b[i] < 0x30 || b[i] > 0x39) return -1;
    while (i < n && b[i] >= 0x30 && b[i] <= 0x39) i++;
  }
  if (i < n && (b[i] === 0x65 || b[i] === 0x45)) {
    i++;
    if (i < n && (b[i] === 0x2b || b[i] === 0x2d)) i++;
    if (i >= n || b[i] < 0x30 || b[i] > 0x39) return -1;
    while (i < n && b[i] >= 0x30 && b[i] <= 0x39) i++;
  }
  return i;
}
