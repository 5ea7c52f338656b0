/**
 * Small edits of a scenario's Gherkin text (its own lines, cut from the feature by
 * scenario-content.ts), in the keywords of the file's language (English unless given).
 */
import { ENGLISH, type GherkinKeywords } from './gherkin-dialect';

const TAG_LINE = /^\s*(@[^\s@]+\s*)+$/;
const DOC_STRING = /^\s*("""|```)/;
const TABLE_ROW = /^\s*\|/;
const COMMENT = /^\s*#/;

interface Patterns {
  /** indent, keyword, title */
  title: RegExp;
  /** indent, keyword (with its space), text */
  step: RegExp;
  examples: RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: string[]) => [...words].sort((a, b) => b.length - a.length).map(escape).join('|');
const compiled = new WeakMap<GherkinKeywords, Patterns>();

function patterns(kw: GherkinKeywords): Patterns {
  let p = compiled.get(kw);
  if (!p) {
    p = {
      title: new RegExp(`^(\\s*)(${alternation([...kw.scenario, ...kw.scenarioOutline])})\\s*:([^\\n]*)$`),
      step: new RegExp(`^(\\s*)(${alternation(kw.steps)})([^\\n]*)$`),
      examples: new RegExp(`^(\\s*)(${alternation(kw.examples)})\\s*:`),
    };
    compiled.set(kw, p);
  }
  return p;
}

const split = (text: string) => text.split(/\r?\n/);

function titleIndex(lines: string[], kw: GherkinKeywords): number {
  const { title } = patterns(kw);
  return lines.findIndex((l) => title.test(l));
}

export function scenarioTitle(content: string, kw = ENGLISH): string {
  const lines = split(content);
  const i = titleIndex(lines, kw);
  return i < 0 ? '' : (patterns(kw).title.exec(lines[i])![3] ?? '').trim();
}

export function renameScenarioText(content: string, newName: string, kw = ENGLISH): string {
  const lines = split(content);
  const i = titleIndex(lines, kw);
  if (i < 0) return content;
  const [, indent, keyword] = patterns(kw).title.exec(lines[i])!;
  lines[i] = `${indent}${keyword}: ${newName}`;
  return lines.join('\n');
}

/** Replaces the tag lines above the title with one line holding `tags` (given without '@'). */
export function setScenarioTags(content: string, tags: string[], kw = ENGLISH): string {
  const lines = split(content);
  const title = titleIndex(lines, kw);
  if (title < 0) return content;
  const indent = patterns(kw).title.exec(lines[title])![1];
  const before = lines.slice(0, title).filter((l) => !TAG_LINE.test(l));
  const tagLine = tags.length ? [`${indent}${tags.map((t) => `@${t}`).join(' ')}`] : [];
  return [...before, ...tagLine, ...lines.slice(title)].join('\n');
}

/** Line indexes of the steps after the title and before the Examples, skipping doc strings. */
export function stepLineIndexes(content: string, kw = ENGLISH): number[] {
  const { step, examples } = patterns(kw);
  const lines = split(content);
  const title = titleIndex(lines, kw);
  const out: number[] = [];
  let inDoc: string | null = null;
  for (let i = title + 1; title >= 0 && i < lines.length; i++) {
    const line = lines[i];
    const doc = DOC_STRING.exec(line);
    if (doc) {
      inDoc = inDoc === doc[1] ? null : (inDoc ?? doc[1]);
      continue;
    }
    if (inDoc) continue;
    if (examples.test(line)) break;
    if (step.test(line)) out.push(i);
  }
  return out;
}

export interface ScenarioStep {
  /** As the parser gives it, with its trailing space ('Given ', '* '). */
  keyword: string;
  text: string;
  /** 1-based line in the feature file. */
  line: number;
}

/** The steps of a scenario's text whose first line is line `firstLine` of the file. */
export function scenarioSteps(content: string, firstLine: number, kw = ENGLISH): ScenarioStep[] {
  const { step } = patterns(kw);
  const lines = split(content);
  return stepLineIndexes(content, kw).map((i) => {
    const [, , keyword, text] = step.exec(lines[i])!;
    return { keyword, text: text.trim(), line: firstLine + i };
  });
}

/** Puts the comment's non-empty lines, as `# ...` lines, above step number `stepIndex`. */
export function insertStepComment(content: string, stepIndex: number, comment: string, kw = ENGLISH): string {
  const lines = split(content);
  const at = stepLineIndexes(content, kw)[stepIndex];
  if (at === undefined) return content;
  const indent = /^\s*/.exec(lines[at])![0];
  const added = comment
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `${indent}# ${l}`);
  lines.splice(at, 0, ...added);
  return lines.join('\n');
}

/** Text of a new scenario for the wizard and 'Add scenario manually'. */
export function newScenarioText(name: string, tag: string, outline: boolean): string {
  return `  @${tag}\n  ${outline ? 'Scenario Outline' : 'Scenario'}: ${name}\n`;
}

// ---- Parameters: the Examples table of a scenario as key/value rows ----

export interface ScenarioParameter {
  key: string;
  value: string;
}

export interface ScenarioParameters {
  /** Header cells with the cells of the one data row ('' when the table has no data row). */
  rows: ScenarioParameter[];
  /**
   * Whether the Examples fit key/value rows: none, or one table with at most one data row.
   * Several tables or rows are edited in the Gherkin editor.
   */
  editable: boolean;
  /** Data rows of all Examples tables. */
  exampleRows: number;
}

interface ExamplesBlock {
  /** First line (its tags), the Examples line, and the last line of its table (or the Examples line). */
  start: number;
  keywordLine: number;
  end: number;
  table: string[][];
  tableStart: number;
}

/** Cells of a table row, unescaped as the parser does (\| \\ \n). */
export function tableCells(line: string): string[] {
  const cells: string[] = [];
  const text = line.trim();
  let cell = '';
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '|') {
      if (started) cells.push(cell.replace(/^[ \t\v\f\r\u0085\u00A0]+|[ \t\v\f\r\u0085\u00A0]+$/g, ''));
      started = true;
      cell = '';
    } else if (c === '\\' && i + 1 < text.length) {
      const next = text[++i];
      cell += next === 'n' ? '\n' : next === '|' ? '|' : next === '\\' ? '\\' : `\\${next}`;
    } else {
      cell += c;
    }
  }
  return cells;
}

const escapeCell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '\\n');

function examplesBlocks(lines: string[], kw: GherkinKeywords): ExamplesBlock[] {
  const { examples } = patterns(kw);
  const title = titleIndex(lines, kw);
  const blocks: ExamplesBlock[] = [];
  let inDoc: string | null = null;
  for (let i = title + 1; title >= 0 && i < lines.length; i++) {
    const doc = DOC_STRING.exec(lines[i]);
    if (doc) {
      inDoc = inDoc === doc[1] ? null : (inDoc ?? doc[1]);
      continue;
    }
    if (inDoc || !examples.test(lines[i])) continue;
    let start = i;
    while (start - 1 > title && TAG_LINE.test(lines[start - 1])) start--;
    let end = i;
    let tableStart = -1;
    const table: string[][] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j];
      if (TABLE_ROW.test(line)) {
        if (tableStart < 0) tableStart = j;
        table.push(tableCells(line));
        end = j;
      } else if (examples.test(line) || TAG_LINE.test(line) || (tableStart >= 0 && line.trim() && !COMMENT.test(line))) {
        break;
      } else if (tableStart < 0 && line.trim()) {
        end = j; // the Examples description
      }
    }
    blocks.push({ start, keywordLine: i, end, table, tableStart });
    i = end;
  }
  return blocks;
}

/** The scenario's parameters: the Examples header as keys and its one data row as values. */
export function scenarioParameters(content: string, kw = ENGLISH): ScenarioParameters {
  const blocks = examplesBlocks(split(content), kw);
  const exampleRows = blocks.reduce((n, b) => n + Math.max(0, b.table.length - 1), 0);
  if (blocks.length === 0) return { rows: [], editable: true, exampleRows };
  if (blocks.length > 1 || blocks[0].table.length > 2) return { rows: [], editable: false, exampleRows };
  const [header = [], data = []] = blocks[0].table;
  return { rows: header.map((key, i) => ({ key, value: data[i] ?? '' })), editable: true, exampleRows };
}

/** A table of one header and one data row, columns padded to the same width. */
function tableLines(rows: ScenarioParameter[], indent: string): string[] {
  const keys = rows.map((r) => escapeCell(r.key));
  const values = rows.map((r) => escapeCell(r.value));
  const widths = keys.map((k, i) => Math.max(k.length, values[i].length));
  const line = (cells: string[]) => `${indent}| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(keys), line(values)];
}

/**
 * Writes `rows` as the scenario's Examples (see scenarioParameters; call only when `editable`):
 * the table of the existing Examples is replaced (its name, tags and description stay), a new one is
 * added after the steps, no rows remove it. A Scenario with parameters becomes a Scenario Outline.
 */
export function setScenarioParameters(content: string, rows: ScenarioParameter[], kw = ENGLISH): string {
  const { title: titleRe } = patterns(kw);
  let lines = split(content);
  const title = titleIndex(lines, kw);
  if (title < 0) return content;
  const [, titleIndent, keyword, name] = titleRe.exec(lines[title])!;
  const block = examplesBlocks(lines, kw)[0];
  if (rows.length === 0) {
    if (!block) return content;
    lines.splice(block.start, block.end - block.start + 1);
    while (lines.length > title + 1 && !lines[lines.length - 1].trim()) lines.pop();
    return lines.join('\n');
  }
  if (!kw.scenarioOutline.includes(keyword)) lines[title] = `${titleIndent}${kw.scenarioOutline[0]}:${name}`;
  if (block) {
    const keywordIndent = /^\s*/.exec(lines[block.keywordLine])![0];
    const tableIndent = block.tableStart >= 0 ? /^\s*/.exec(lines[block.tableStart])![0] : `${keywordIndent}  `;
    const from = block.tableStart >= 0 ? block.tableStart : block.end + 1;
    const count = block.tableStart >= 0 ? block.end - block.tableStart + 1 : 0;
    lines.splice(from, count, ...tableLines(rows, tableIndent));
    return lines.join('\n');
  }
  const firstStep = stepLineIndexes(content, kw)[0];
  const indent = firstStep !== undefined ? /^\s*/.exec(lines[firstStep])![0] : `${titleIndent}  `;
  while (lines.length > title + 1 && !lines[lines.length - 1].trim()) lines = lines.slice(0, -1);
  return [...lines, '', `${indent}${kw.examples[0]}:`, ...tableLines(rows, `${indent}  `)].join('\n');
}
