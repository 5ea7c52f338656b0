import { ESCAPED, FALSE, NULL, NUMBER, STRING, TRUE, type JsonScan } from './json-scan.ts';
import { numberEnd, stringEnd } from './json-values.ts';

const WORDS = new Map([
  [TRUE, Buffer.from('true')],
  [FALSE, Buffer.from('false')],
  [NULL, Buffer.from('null')],
]);

/**
 * The layout of a scanned line, learned from it, that the next lines of its type are matched
 * against: the bytes outside its string and number values (keys, punctuation, whitespace, true, false
 * and null) must be the same, and each value must be a valid value of the same kind (a string or a
 * number). A line that matches is strict JSON of the same shape, and its fields are where the general
 * scan would find them; a line that does not is scanned as usual (and its layout learned).
 *
 * The most frequent messages of a report (test steps started and finished) are written by one
 * program in one layout and differ only in their values: matching them costs a comparison per byte
 * instead of the scanner's tokenising and key lookups.
 */
export class ScanTemplate {
  /** The bytes outside the values, one run before each value and one after the last. */
  private readonly literal: Uint8Array;
  /** Where each run of `literal` ends. */
  private readonly runEnds: Int32Array;
  /** Per value: STRING, NUMBER, or for a field that holds true, false or null, that word. */
  private readonly kinds: Uint8Array;
  /** Per value: the field it fills, or -1. */
  private readonly fields: Int16Array;

  private constructor(literal: Uint8Array, runEnds: Int32Array, kinds: Uint8Array, fields: Int16Array) {
    this.literal = literal;
    this.runEnds = runEnds;
    this.kinds = kinds;
    this.fields = fields;
  }

  /**
   * The layout of `bytes[start, stop)`, just accepted by `scan` (its fields as it left them); null when
   * a field holds an object or a list (such lines are scanned as usual).
   */
  static learn(scan: JsonScan, bytes: Buffer, start: number, stop: number): ScanTemplate | null {
    const fieldAt = new Map<number, number>();
    for (let f = 0; f < scan.kinds.length; f++) {
      const kind = scan.kinds[f];
      if (kind === STRING || kind === ESCAPED) fieldAt.set(scan.starts[f] - 1, f);
      else if (kind === NUMBER || WORDS.has(kind)) fieldAt.set(scan.starts[f], f);
      else if (kind !== 0) return null;
    }
    const literal: number[] = [];
    const runEnds: number[] = [];
    const kinds: number[] = [];
    const fields: number[] = [];
    // Containers open at each depth: true for an object (whose strings after '{' or ',' are keys).
    const objects: boolean[] = [];
    let keyNext = false;
    let i = start;
    while (i < stop) {
      const c = bytes[i];
      if (c === 0x22) {
        const end = stringEnd(bytes, i + 1, stop);
        const quote = end >> 1;
        if (keyNext) {
          for (let k = i; k <= quote; k++) literal.push(bytes[k]);
          keyNext = false;
        } else {
          literal.push(0x22);
          runEnds.push(literal.length);
          kinds.push(STRING);
          fields.push(fieldAt.get(i) ?? -1);
          literal.push(0x22);
        }
        i = quote + 1;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        runEnds.push(literal.length);
        kinds.push(NUMBER);
        fields.push(fieldAt.get(i) ?? -1);
        i = numberEnd(bytes, i, stop);
      } else if (fieldAt.has(i) && (c === 0x74 || c === 0x66 || c === 0x6e)) {
        // A field's true, false or null: the same word, recorded where it is.
        const f = fieldAt.get(i)!;
        runEnds.push(literal.length);
        kinds.push(scan.kinds[f]);
        fields.push(f);
        i = scan.ends[f];
      } else {
        if (c === 0x7b || c === 0x5b) objects.push(c === 0x7b);
        else if (c === 0x7d || c === 0x5d) objects.pop();
        if (c === 0x7b || c === 0x2c) keyNext = objects[objects.length - 1] === true;
        literal.push(c);
        i++;
      }
    }
    runEnds.push(literal.length);
    return new ScanTemplate(Uint8Array.from(literal), Int32Array.from(runEnds), Uint8Array.from(kinds), Int16Array.from(fields));
  }

  /** Whether `bytes[start, stop)` has this layout; its fields are then in `scan` as a scan would leave them. */
  match(scan: JsonScan, bytes: Buffer, start: number, stop: number): boolean {
    const { literal, runEnds, kinds, fields } = this;
    const values = kinds.length;
    let i = start;
    let at = 0;
    scan.use(bytes);
    for (let v = 0; ; v++) {
      const runEnd = runEnds[v];
      if (i + runEnd - at > stop) return false;
      for (; at < runEnd; at++, i++) if (bytes[i] !== literal[at]) return false;
      if (v === values) return i === stop;
      const valueStart = i;
      let kind: number;
      if (kinds[v] === STRING) {
        const end = stringEnd(bytes, i, stop);
        if (end < 0) return false;
        i = end >> 1;
        kind = end & 1 ? ESCAPED : STRING;
      } else if (kinds[v] === NUMBER) {
        i = numberEnd(bytes, i, stop);
        if (i < 0) return false;
        kind = NUMBER;
      } else {
        kind = kinds[v];
        const word = WORDS.get(kind)!;
        if (i + word.length > stop) return false;
        for (let k = 0; k < word.length; k++, i++) if (bytes[i] !== word[k]) return false;
      }
      const field = fields[v];
      if (field >= 0) {
        scan.starts[field] = valueStart;
        scan.ends[field] = i;
        scan.kinds[field] = kind;
      }
    }
  }
}
