import type { RowNode, StepNode } from '@stepwise/runner/report-model';
import { compileShape, ESCAPED, JsonScan, NUMBER, STRING, type Shape } from './json-scan.ts';
import { textAt, textEquals } from './json-text.ts';

/**
 * Gherkin documents read by the byte scanner (json-scan.ts) instead of JSON.parse: a report holds a
 * document per feature file, and parsing them built every step, location and tag as objects, most of
 * which nobody asks for. A scanned document keeps its feature's name, its example rows (a pickle of
 * an outline needs its values), and where in the report each step's and scenario's id, keyword, type
 * and line are: a step's keyword is read from there only when a row or the application map names
 * the step. What a step or scenario answers is what `indexGherkinDocument` gives for the same
 * document (document-scan.test.ts).
 */

// Fields of a scan, and the lists whose elements are told to `onItem`.
const D = { uri: 0, name: 1, stepId: 2, keyword: 3, keywordType: 4, stepLine: 5, scenarioId: 6, scenarioLine: 7, rowId: 8, rowLine: 9, cell: 10, headerCell: 11 };
const I = { step: 0, child: 1, cell: 2, row: 3, headerCell: 4, examples: 5 };
const FIELDS = Object.keys(D).length;

const STEPS = { items: { id: D.stepId, keyword: D.keyword, keywordType: D.keywordType, location: { line: D.stepLine } }, item: I.step };
const EXAMPLES = {
  items: {
    tableHeader: { cells: { items: { value: D.headerCell }, item: I.headerCell } },
    tableBody: { items: { id: D.rowId, location: { line: D.rowLine }, cells: { items: { value: D.cell }, item: I.cell } }, item: I.row },
  },
  item: I.examples,
};
const CHILD: Shape = {
  background: { steps: STEPS },
  scenario: { id: D.scenarioId, location: { line: D.scenarioLine }, steps: STEPS, examples: EXAMPLES },
};
const DOCUMENT = compileShape({
  gherkinDocument: { uri: D.uri, feature: { name: D.name, children: { items: { ...CHILD, rule: { children: { items: CHILD, item: I.child } } }, item: I.child } } },
});

// A step's numbers: where its id, keyword and keyword type are (start, end, kind each) and its line.
const STEP_ID = 0;
const STEP_KEYWORD = 3;
const STEP_TYPE = 6;
const STEP_LINE = 9;
const STEP_INTS = 10;
// A scenario's: where its id is, and its line.
const SCENARIO_INTS = 4;
/** No line, or no such string. */
const ABSENT = -1;

/** A scanned document: its feature's name, and its steps and scenarios [from, to) in the store. */
export interface ScannedDocument {
  name: string;
  steps: [number, number];
  scenarios: [number, number];
}

/** Scanned documents' steps and scenarios, as numbers (no strings until asked for). */
export class DocumentScanner {
  private steps: Int32Array<ArrayBuffer> = new Int32Array(STEP_INTS * 4096);
  private stepCount = 0;
  private scenarios: Int32Array<ArrayBuffer> = new Int32Array(SCENARIO_INTS * 1024);
  private scenarioCount = 0;
  private readonly scan = new JsonScan(FIELDS);
  // The current element's parts while a document is scanned.
  private odd = false;
  private headers: string[] = [];
  private rows: Array<{ id: string; line: number | undefined; cells: string[] }> = [];
  private cells: string[] = [];
  private newRows: Array<[string, RowNode]> = [];

  constructor() {
    this.scan.onItem = (item) => this.item(item);
  }

  /**
   * Reads a `gherkinDocument` line; null when it is not strict JSON or not of the usual shape (it is
   * then parsed). A document without a feature or a uri answers `uri` null, as the index skips it.
   * Its example rows are added to `rowNodes`.
   */
  read(bytes: Buffer, start: number, stop: number, rowNodes: Map<string, RowNode>): { uri: string | null; doc: ScannedDocument } | null {
    const { scan } = this;
    const steps = this.stepCount;
    const scenarios = this.scenarioCount;
    this.odd = false;
    this.headers = [];
    this.rows = [];
    this.cells = [];
    this.newRows = [];
    const good = scan.scan(bytes, start, stop, DOCUMENT) && !this.odd;
    const uri = good ? scan.string(D.uri) : undefined;
    const name = scan.has(D.name) ? scan.string(D.name) : '';
    if (!good || (scan.has(D.uri) && uri === undefined) || name === undefined) {
      this.stepCount = steps;
      this.scenarioCount = scenarios;
      return null;
    }
    for (const [id, row] of this.newRows) rowNodes.set(id, row);
    const doc: ScannedDocument = { name, steps: [steps, this.stepCount], scenarios: [scenarios, this.scenarioCount] };
    // The index names a document by its uri, and only one with a feature (its name is always there).
    const featured = scan.has(D.name) || this.stepCount > steps || this.scenarioCount > scenarios;
    return { uri: uri && featured ? uri : null, doc };
  }

  /** The step of a document by its id, as `indexGherkinDocument` indexes it. */
  step(bytes: Buffer, doc: ScannedDocument, id: string): StepNode | undefined {
    const s = this.steps;
    // The last one of an id wins, as in a map.
    for (let k = doc.steps[1] - 1; k >= doc.steps[0]; k--) {
      const at = k * STEP_INTS;
      if (!textEquals(bytes, s[at + STEP_ID], s[at + STEP_ID + 1], s[at + STEP_ID + 2], id)) continue;
      const keyword = text(bytes, s, at + STEP_KEYWORD);
      const line = s[at + STEP_LINE];
      return { keyword: (keyword ?? '').trim(), keywordType: text(bytes, s, at + STEP_TYPE), line: line === ABSENT ? undefined : line };
    }
    return undefined;
  }

  /** A scenario's line by its id. */
  scenarioLine(bytes: Buffer, doc: ScannedDocument, id: string): number | undefined {
    const s = this.scenarios;
    for (let k = doc.scenarios[1] - 1; k >= doc.scenarios[0]; k--) {
      const at = k * SCENARIO_INTS;
      if (textEquals(bytes, s[at], s[at + 1], s[at + 2], id)) return s[at + 3];
    }
    return undefined;
  }

  private item(item: number): void {
    const { scan } = this;
    if (item === I.step) {
      if (scan.has(D.stepId)) this.addStep();
      scan.clear(D.stepId, D.keyword, D.keywordType, D.stepLine);
    } else if (item === I.child) {
      if (scan.has(D.scenarioId)) this.addScenario();
      scan.clear(D.scenarioId, D.scenarioLine);
    } else if (item === I.headerCell) {
      // A header cell without a value names its column 'undefined' in the index: parsed.
      if (!scan.has(D.headerCell)) this.odd = true;
      this.headers.push(this.stringOr(D.headerCell, ''));
      scan.clear(D.headerCell);
    } else if (item === I.cell) {
      this.cells.push(this.stringOr(D.cell, ''));
      scan.clear(D.cell);
    } else if (item === I.row) {
      const id = scan.string(D.rowId);
      if (id === undefined) this.odd = true;
      else this.rows.push({ id, line: this.lineOf(D.rowLine, undefined), cells: this.cells });
      this.cells = [];
      scan.clear(D.rowId, D.rowLine);
    } else if (item === I.examples) {
      for (const row of this.rows) {
        const parameters: Record<string, string> = {};
        for (let i = 0; i < this.headers.length; i++) parameters[this.headers[i]] = row.cells[i] ?? '';
        this.newRows.push([row.id, { line: row.line, parameters }]);
      }
      this.headers = [];
      this.rows = [];
    }
  }

  private addStep(): void {
    const { scan } = this;
    const kinds = scan.kinds;
    // A step of odd kinds (an id that is not a string) is parsed as the whole document.
    if (!isText(kinds[D.stepId]) || (scan.has(D.keyword) && !isText(kinds[D.keyword])) || (scan.has(D.keywordType) && !isText(kinds[D.keywordType]))) {
      this.odd = true;
      return;
    }
    const line = this.lineOf(D.stepLine, ABSENT);
    if (this.steps.length < (this.stepCount + 1) * STEP_INTS) this.steps = grown(this.steps);
    const s = this.steps;
    const at = this.stepCount++ * STEP_INTS;
    this.put(s, at + STEP_ID, D.stepId);
    this.put(s, at + STEP_KEYWORD, D.keyword);
    this.put(s, at + STEP_TYPE, D.keywordType);
    s[at + STEP_LINE] = line;
  }

  private addScenario(): void {
    const { scan } = this;
    if (!isText(scan.kinds[D.scenarioId])) {
      this.odd = true;
      return;
    }
    // The index keeps a scenario's line only when it has a location (a line of another kind: parsed).
    const line = this.lineOf(D.scenarioLine, undefined);
    if (line === undefined) return;
    if (this.scenarios.length < (this.scenarioCount + 1) * SCENARIO_INTS) this.scenarios = grown(this.scenarios);
    const at = this.scenarioCount++ * SCENARIO_INTS;
    this.put(this.scenarios, at, D.scenarioId);
    this.scenarios[at + 3] = line;
  }

  /** A field's place and kind at `at` (ABSENT when it is not there). */
  private put(s: Int32Array<ArrayBuffer>, at: number, field: number): void {
    const { scan } = this;
    if (!scan.has(field)) {
      s[at] = s[at + 1] = s[at + 2] = ABSENT;
      return;
    }
    s[at] = scan.starts[field];
    s[at + 1] = scan.ends[field];
    s[at + 2] = scan.kinds[field];
  }

  /** A line field: `absent` when it is not there; a line of another kind than a small integer makes the document odd. */
  private lineOf<T>(field: number, absent: T): number | T {
    const { scan } = this;
    if (!scan.has(field)) return absent;
    const n = scan.kinds[field] === NUMBER ? scan.number(field) : undefined;
    if (n === undefined || !Number.isInteger(n) || n < 0 || n > 0x7fffffff) {
      this.odd = true;
      return absent;
    }
    return n;
  }

  private stringOr(field: number, absent: string): string {
    if (!this.scan.has(field)) return absent;
    const s = this.scan.string(field);
    if (s === undefined) this.odd = true;
    return s ?? absent;
  }
}

const isText = (kind: number) => kind === STRING || kind === ESCAPED;

function text(bytes: Buffer, s: Int32Array, at: number): string | undefined {
  return s[at + 2] === ABSENT ? undefined : textAt(bytes, s[at], s[at + 1], s[at + 2]);
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
