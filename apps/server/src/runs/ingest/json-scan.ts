import { ARRAY, ESCAPED, FALSE, NONE, NULL, NUMBER, OBJECT, STRING, textAt, TRUE } from './json-text.ts';
import { numberEnd, stringEnd } from './json-values.ts';

export { ARRAY, ESCAPED, FALSE, NONE, NULL, NUMBER, OBJECT, STRING, TRUE } from './json-text.ts';

/**
 * A validating JSON scanner over bytes that reads chosen fields of a message, in any key order,
 * without building its objects: the ingest's way to read the messages that are most of a report
 * (test steps, test cases, pickles) at a fraction of JSON.parse's cost and garbage.
 *
 * A scan either accepts the bytes as one strict JSON value (RFC 8259: no comments, no trailing
 * commas, no control characters or bad escapes in strings, no leading zeros) and fills the fields
 * its shape names, or refuses them; a refused line is then parsed by JSON.parse, whose error names
 * the problem. UTF-8 is checked elsewhere (bytes from 0x80 pass inside strings). Duplicate keys: the
 * last one wins, as in JSON.parse.
 */

/**
 * A message's shape: for each key of interest, a field number (its value is recorded whatever its
 * type), a nested shape (an object read further), or a list: `{ items, item }` reads each element
 * (with a shape, or into a field) and calls the scan's `onItem(item)` after each one.
 */
export interface Shape {
  [key: string]: number | Shape | ListShape;
}
export interface ListShape {
  items: Shape | number;
  item: number;
}

interface Entry {
  key: Uint8Array;
  name: string;
  field: number;
  shape: CompiledShape | null;
  items: CompiledShape | null;
  itemField: number;
  item: number;
}
export type CompiledShape = Entry[];

const isList = (v: Shape | ListShape): v is ListShape => typeof (v as ListShape).item === 'number' && 'items' in v;

export function compileShape(shape: Shape): CompiledShape {
  return Object.entries(shape).map(([key, v]) => {
    const entry: Entry = { key: Buffer.from(key, 'utf8'), name: key, field: -1, shape: null, items: null, itemField: -1, item: -1 };
    if (typeof v === 'number') entry.field = v;
    else if (isList(v)) {
      entry.item = v.item;
      if (typeof v.items === 'number') entry.itemField = v.items;
      else entry.items = compileShape(v.items);
    } else entry.shape = compileShape(v);
    return entry;
  });
}

/** Deeper values are refused here (JSON.parse then reads them). */
const MAX_DEPTH = 256;

/** The fields of one scan: where each value is in the bytes, and its kind. */
export class JsonScan {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly kinds: Uint8Array;
  /** Called after each element of a list. */
  onItem: (item: number) => void = () => {};
  private b: Buffer = Buffer.alloc(0);
  private i = 0;
  private n = 0;
  private depth = 0;

  constructor(fields: number) {
    this.starts = new Int32Array(fields);
    this.ends = new Int32Array(fields);
    this.kinds = new Uint8Array(fields);
  }

  /** Scans `bytes[start, stop)` as one JSON object with `shape`; false when it is not strict JSON (or an object). */
  scan(bytes: Buffer, start: number, stop: number, shape: CompiledShape): boolean {
    this.kinds.fill(NONE);
    this.b = bytes;
    this.i = start;
    this.n = stop;
    this.depth = 0;
    this.ws();
    if (this.i >= this.n || bytes[this.i] !== 0x7b) return false;
    if (!this.object(shape)) return false;
    this.ws();
    return this.i === this.n;
  }

  /** Starts a scan of `bytes` done elsewhere (scan-template.ts): every field cleared. */
  use(bytes: Buffer): void {
    this.kinds.fill(NONE);
    this.b = bytes;
  }

  /** Clears up to four fields (a list's element fields, before the next element; without a list of them per call). */
  clear(a: number, b = -1, c = -1, d = -1): void {
    const { kinds } = this;
    kinds[a] = NONE;
    if (b >= 0) kinds[b] = NONE;
    if (c >= 0) kinds[c] = NONE;
    if (d >= 0) kinds[d] = NONE;
  }

  has(field: number): boolean {
    return this.kinds[field] !== NONE;
  }

  /** Whether a field is a string (of any length). */
  isString(field: number): boolean {
    const kind = this.kinds[field];
    return kind === STRING || kind === ESCAPED;
  }

  /** Whether a field is a string of at least one character (an escape is one), without making it. */
  isNonEmptyString(field: number): boolean {
    return this.isString(field) && this.ends[field] > this.starts[field];
  }

  /** A string field's text (escapes decoded); undefined when absent or not a string. */
  string(field: number): string | undefined {
    return textAt(this.b, this.starts[field], this.ends[field], this.kinds[field]);
  }

  /**
   * Whether a string field (without escapes) holds `text`, compared byte by byte without making a
   * string; false for a text with characters beyond ASCII (ask `string` then).
   */
  equals(field: number, text: string): boolean {
    if (this.kinds[field] !== STRING) return false;
    const s = this.starts[field];
    const length = text.length;
    if (this.ends[field] - s !== length) return false;
    const { b } = this;
    for (let k = 0; k < length; k++) {
      const c = text.charCodeAt(k);
      if (c !== b[s + k] || c >= 0x80) return false;
    }
    return true;
  }

  /**
   * Whether a string field (without escapes) holds the same bytes as `[start, end)` of the scanned
   * buffer (the text of another string without escapes: the same text).
   */
  equalsAt(field: number, start: number, end: number): boolean {
    if (this.kinds[field] !== STRING) return false;
    const s = this.starts[field];
    const length = end - start;
    if (this.ends[field] - s !== length) return false;
    const { b } = this;
    for (let k = 0; k < length; k++) if (b[s + k] !== b[start + k]) return false;
    return true;
  }

  /** A number field's value; undefined when absent or not a number. */
  number(field: number): number | undefined {
    if (this.kinds[field] !== NUMBER) return undefined;
    const { b } = this;
    const s = this.starts[field];
    const e = this.ends[field];
    // Small non-negative integers without a string.
    if (e - s <= 15) {
      let v = 0;
      let k = s;
      for (; k < e; k++) {
        const c = b[k];
        if (c < 0x30 || c > 0x39) break;
        v = v * 10 + (c - 0x30);
      }
      if (k === e) return v;
    }
    return Number(b.toString('latin1', s, e));
  }

  private ws(): void {
    const { b, n } = this;
    let i = this.i;
    if (i < n && b[i] > 0x20) return;
    while (i < n) {
      const c = b[i];
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
    this.i = i;
  }

  /** At '{'. */
  private object(shape: CompiledShape | null): boolean {
    if (++this.depth > MAX_DEPTH) return false;
    const { b } = this;
    let more = !this.openEmpty(0x7d);
    while (more) {
      if (this.i >= this.n || b[this.i] !== 0x22) return false;
      const keyStart = this.i + 1;
      const keyKind = this.stringAt();
      if (keyKind === 0) return false;
      const entry = shape === null ? null : keyKind === STRING ? match(shape, b, keyStart, this.i - 1) : matchEscaped(shape, b, keyStart, this.i - 1);
      this.ws();
      if (this.i >= this.n || b[this.i] !== 0x3a) return false;
      this.i++;
      this.ws();
      if (!this.value(entry)) return false;
      const next = this.next(0x7d);
      if (next < 0) return false;
      more = next === 1;
    }
    this.depth--;
    return true;
  }

  /** At '['. */
  private array(entry: Entry | null): boolean {
    if (++this.depth > MAX_DEPTH) return false;
    const { b } = this;
    const items = entry !== null && entry.item >= 0 ? entry : null;
    let more = !this.openEmpty(0x5d);
    while (more) {
      if (items === null) {
        if (!this.value(null)) return false;
      } else {
        if (items.items !== null) {
          if (b[this.i] === 0x7b) {
            if (!this.object(items.items)) return false;
          } else if (!this.value(null)) return false;
        } else if (!this.valueInto(items.itemField)) return false;
        this.onItem(items.item);
      }
      const next = this.next(0x5d);
      if (next < 0) return false;
      more = next === 1;
    }
    this.depth--;
    return true;
  }

  /** At '{' or '[': past it; true when the container ends right away (its end `close` passed too). */
  private openEmpty(close: number): boolean {
    this.i++;
    this.ws();
    if (this.i < this.n && this.b[this.i] === close) {
      this.i++;
      return true;
    }
    return false;
  }

  /** After a member or an element: 1 past a comma (another follows), 0 past the end `close`, -1 for anything else. */
  private next(close: number): number {
    this.ws();
    const c = this.b[this.i++];
    if (c === 0x2c) {
      this.ws();
      return 1;
    }
    return c === close && this.i <= this.n ? 0 : -1;
  }

  /** A value at `i` (whitespace skipped), recorded as `entry` says. */
  private value(entry: Entry | null): boolean {
    if (entry === null) return this.valueInto(-1);
    const c = this.b[this.i];
    if (entry.shape !== null) return c === 0x7b ? this.object(entry.shape) : this.valueInto(entry.field);
    if (entry.item >= 0 && c === 0x5b) return this.array(entry);
    return this.valueInto(entry.field);
  }

  /** A value at `i`, recorded in `field` (when >= 0) whatever its kind. */
  private valueInto(field: number): boolean {
    const { b } = this;
    const start = this.i;
    if (start >= this.n) return false;
    const c = b[start];
    let kind: number;
    if (c === 0x22) {
      kind = this.stringAt();
      if (kind === 0) return false;
      if (field >= 0) {
        this.starts[field] = start + 1;
        this.ends[field] = this.i - 1;
        this.kinds[field] = kind;
      }
      return true;
    }
    if (c === 0x7b) {
      if (!this.object(null)) return false;
      kind = OBJECT;
    } else if (c === 0x5b) {
      if (!this.array(null)) return false;
      kind = ARRAY;
    } else if (c === 0x74) {
      if (!this.word(0x72, 0x75, 0x65)) return false;
      kind = TRUE;
    } else if (c === 0x66) {
      if (b[this.i + 1] !== 0x61) return false;
      this.i++;
      if (!this.word(0x6c, 0x73, 0x65)) return false;
      kind = FALSE;
    } else if (c === 0x6e) {
      if (!this.word(0x75, 0x6c, 0x6c)) return false;
      kind = NULL;
    } else {
      if (!this.numberAt()) return false;
      kind = NUMBER;
    }
    if (field >= 0) {
      this.starts[field] = start;
      this.ends[field] = this.i;
      this.kinds[field] = kind;
    }
    return true;
  }

  /** The three letters after the first one of true, false (after 'fa') and null. */
  private word(x: number, y: number, z: number): boolean {
    const { b, i } = this;
    if (i + 4 > this.n || b[i + 1] !== x || b[i + 2] !== y || b[i + 3] !== z) return false;
    this.i = i + 4;
    return true;
  }

  /** At '"': moves past the closing quote; STRING, ESCAPED, or 0 when not a valid string. */
  private stringAt(): number {
    const end = stringEnd(this.b, this.i + 1, this.n);
    if (end < 0) return 0;
    this.i = (end >> 1) + 1;
    return end & 1 ? ESCAPED : STRING;
  }

  private numberAt(): boolean {
    const end = numberEnd(this.b, this.i, this.n);
    if (end < 0) return false;
    this.i = end;
    return true;
  }
}

/** The entry of a key with escapes (rare): by its decoded name. */
function matchEscaped(shape: CompiledShape, b: Buffer, start: number, stop: number): Entry | null {
  const name = JSON.parse(b.toString('utf8', start - 1, stop + 1)) as string;
  return shape.find((e) => e.name === name) ?? null;
}

/** The entry of a key without escapes, by its bytes. */
function match(shape: CompiledShape, b: Uint8Array, start: number, stop: number): Entry | null {
  const length = stop - start;
  for (let k = 0; k < shape.length; k++) {
    const key = shape[k].key;
    if (key.length !== length) continue;
    let j = 0;
    while (j < length && key[j] === b[start + j]) j++;
    if (j === length) return shape[k];
  }
  return null;
}
