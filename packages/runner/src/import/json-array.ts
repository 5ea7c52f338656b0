import { ReportImportError } from './common.ts';

/**
 * The elements of a top-level JSON array, one parsed element at a time, from a stream of text: a
 * Cucumber JSON report is an array of features, and a large one (screenshots inline as base64) is never
 * held whole. The scanner only finds where each element ends (strings and nesting); each element is
 * then read with JSON.parse, and its errors are given with their place in the whole file:
 * 'Position 1234 (line 3, column 17): Unexpected end of JSON input'.
 */

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

type State = 'start' | 'first' | 'element' | 'after' | 'next' | 'end';

export class JsonArrayReader {
  /** Characters read before the current chunk. */
  private offset = 0;
  /** Line (1-based) and the position where it starts, at the scan position outside elements. */
  private line = 1;
  private lineStart = 0;
  private state: State = 'start';
  private depth = 0;
  private inString = false;
  private parts: string[] = [];
  private elementStart = 0;
  private elementLine = 1;
  private elementLineStart = 0;
  private count = 0;

  /** Whether the closing bracket of the array was read. */
  get complete(): boolean {
    return this.state === 'end';
  }

  /** Feeds text; returns the elements it completed. */
  push(text: string): unknown[] {
    const out: unknown[] = [];
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (this.state === 'element') {
        const from = i;
        i = this.scanElement(text, i);
        if (this.depth > 0) {
          this.parts.push(text.slice(from));
          break;
        }
        this.parts.push(text.slice(from, i));
        out.push(this.finishElement());
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === NEWLINE) {
        this.line++;
        this.lineStart = this.offset + i + 1;
        i++;
        continue;
      }
      if (c === 0x20 || c === 0x09 || c === 0x0d || (c === 0xfeff && this.offset + i === 0)) {
        i++;
        continue;
      }
      const pos = this.offset + i;
      switch (this.state) {
        case 'start':
          if (c !== OPEN_ARRAY) this.fail(pos, c === OPEN_OBJECT ? 'a Cucumber JSON report is an array of features, not an object' : `Unexpected token '${text[i]}', expected '['`);
          this.state = 'first';
          break;
        case 'first':
        case 'next':
          if (c === CLOSE_ARRAY && this.state === 'first') {
            this.state = 'end';
            break;
          }
          if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) this.fail(pos, c === CLOSE_ARRAY ? 'Unexpected token \']\' after a comma' : `feature ${this.count + 1} is not a JSON object`);
          this.state = 'element';
          this.depth = 0;
          this.inString = false;
          this.parts = [];
          this.elementStart = pos;
          this.elementLine = this.line;
          this.elementLineStart = this.lineStart;
          continue; // the scan of the element starts on this bracket
        case 'after':
          if (c === COMMA) this.state = 'next';
          else if (c === CLOSE_ARRAY) this.state = 'end';
          else this.fail(pos, `Expected ',' or ']' after array element`);
          break;
        case 'end':
          this.fail(pos, 'Unexpected non-whitespace character after JSON');
      }
      i++;
    }
    this.offset += n;
    return out;
  }

  /** The end of the text: anything not closed is the end of input. */
  end(): void {
    if (this.state === 'end') return;
    if (this.state === 'start') throw new ReportImportError('The report is empty');
    if (this.state === 'element') {
      // An error before the cut is told as it is; otherwise the input ends too early.
      this.parseElement(this.parts.join(''), true);
    }
    this.fail(this.offset, 'Unexpected end of JSON input');
  }

  /** Scans from i inside an element; returns the index after its closing bracket, or text.length. */
  private scanElement(text: string, i: number): number {
    const n = text.length;
    const chunkStart = i === 0;
    while (i < n) {
      if (this.inString) {
        const q = text.indexOf('"', i);
        if (q === -1) break;
        let j = q - 1;
        while (j >= 0 && text.charCodeAt(j) === BACKSLASH) j--;
        let backslashes = q - 1 - j;
        // A run of backslashes that began at the end of the previous chunk.
        if (j < 0 && chunkStart && this.pendingBackslash) backslashes++;
        i = q + 1;
        if (backslashes % 2 === 0) this.inString = false;
        continue;
      }
      const c = text.charCodeAt(i++);
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (--this.depth === 0) return i;
      }
    }
    if (this.inString) {
      let j = n - 1;
      while (j >= 0 && text.charCodeAt(j) === BACKSLASH) j--;
      const run = n - 1 - j;
      this.pendingBackslash = (j < 0 && chunkStart && this.pendingBackslash ? run + 1 : run) % 2 === 1;
    }
    return n;
  }

  /** The text read so far ends inside a string with an unpaired backslash. */
  private pendingBackslash = false;

  private finishElement(): unknown {
    const text = this.parts.join('');
    this.parts = [];
    const value = this.parseElement(text);
    // Lines of the element, for the places of later errors.
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
      this.line++;
      this.lineStart = this.elementStart + nl + 1;
    }
    this.state = 'after';
    this.count++;
    return value;
  }

  /** Parses an element; `cut`: the file ended inside it. */
  private parseElement(text: string, cut = false): unknown {
    try {
      return JSON.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      const at = /\bat position (\d+)/.exec(message);
      let local = at ? Number(at[1]) : locateJsonError(text);
      let what = message
        .replace(/\s*(in JSON )?at position \d+.*$/s, '')
        .replace(/, ".*" is not valid JSON$/s, '')
        .replace(/, ".*"\.\.\. is not valid JSON$/s, '');
      if (local < 0 || local >= text.length || (cut && /^Unterminated/.test(what))) {
        local = cut ? this.offset - this.elementStart : text.length;
        what = 'Unexpected end of JSON input';
      }
      this.fail(this.elementStart + local, what, text);
    }
  }

  private fail(position: number, message: string, elementText?: string): never {
    let line = this.line;
    let lineStart = this.lineStart;
    if (elementText !== undefined) {
      line = this.elementLine;
      lineStart = this.elementLineStart;
      const upTo = Math.min(position - this.elementStart, elementText.length);
      for (let nl = elementText.indexOf('\n'); nl !== -1 && nl < upTo; nl = elementText.indexOf('\n', nl + 1)) {
        line++;
        lineStart = this.elementStart + nl + 1;
      }
    }
    throw new ReportImportError(`Position ${position} (line ${line}, column ${position - lineStart + 1}): ${message}`);
  }
}

/**
 * Where JSON.parse stopped, for its messages that do not say ("Unexpected token 'x', ... is not valid
 * JSON"): a small validator walks the text to the first character that cannot be there. Only run on
 * text that failed to parse; -1 if it finds nothing (or the nesting is too deep to walk).
 */
export function locateJsonError(text: string): number {
  const n = text.length;
  let i = 0;
  const ws = () => {
    while (i < n) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else break;
    }
  };
  const string = () => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i++;
        return;
      }
      if (c < 0x20) throw i;
      if (c === BACKSLASH) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw i + 1;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw i + 1;
      } else i++;
    }
    throw n;
  };
  const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
  const value = (): void => {
    ws();
    if (i >= n) throw n;
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') throw i;
          string();
          ws();
          if (text[i] !== ':') throw i;
          i++;
        }
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === close) {
          i++;
          return;
        } else throw i;
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (c === word[0]) {
        for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) throw i + k;
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) throw c === '-' ? i + 1 : i;
    i += m[0].length;
  };
  try {
    value();
    ws();
    return i < n ? i : -1;
  } catch (at) {
    return typeof at === 'number' ? at : -1;
  }
}
