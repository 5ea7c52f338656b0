import type { GherkinDocument, Tag } from '@cucumber/messages';

/**
 * Where a scenario sits in its file, in 1-based line numbers. The scenario owns its tags, the
 * comment lines directly above them, its steps and Examples, up to the last non-blank line before
 * the next Background, Scenario or Rule (or the end of the file).
 */
export interface ScenarioSpan {
  start: number;
  end: number;
  /** First line of the next block, null for the last one. */
  next: number | null;
  /** Last non-blank line before `start` (0 when none). */
  prev: number;
  /** Lines `start`..`end` exactly as in the file, without the last line break. */
  content: string;
}

/** Lines of a text, each with its own line break ('\n' or '\r\n'; the last may have none). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** The line break the file mostly uses. */
export function eolOf(text: string): '\n' | '\r\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

export function stripLastEol(text: string): string {
  return text.replace(/\r?\n$/, '');
}

interface Block {
  start: number;
  keywordLine: number;
  scenario: boolean;
}

const firstLine = (keywordLine: number, tags: readonly Tag[]) => Math.min(keywordLine, ...tags.map((t) => t.location.line));

/** A text's lines by their start offsets: line n (1-based) is text[starts[n-1], starts[n]). */
class LineIndex {
  readonly text: string;
  readonly starts: number[] = [0];
  constructor(text: string) {
    this.text = text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    if (this.starts[this.starts.length - 1] === text.length) this.starts.pop();
  }
  get count(): number {
    return this.starts.length;
  }
  /** Line `n` without its line break ('' past the end). */
  line(n: number): string {
    if (n < 1 || n > this.count) return '';
    return stripLastEol(this.text.slice(this.starts[n - 1], this.starts[n] ?? this.text.length));
  }
  /** Lines `from`..`to` as in the text, without the last line break (one slice, no copy). */
  range(from: number, to: number): string {
    let end = this.starts[to] ?? this.text.length;
    if (this.text.charCodeAt(end - 1) === 10) end--;
    if (this.text.charCodeAt(end - 1) === 13 && end > this.starts[to - 1]) end--;
    return this.text.slice(this.starts[from - 1], end);
  }
}

/** The span of every scenario of a parsed document, in file order (rules included). */
export function scenarioSpans(doc: GherkinDocument, text: string): ScenarioSpan[] {
  const lines = new LineIndex(text);
  const feature = doc.feature;
  if (!feature) return [];
  const blocks: Block[] = [];
  const add = (keywordLine: number, tags: readonly Tag[], scenario: boolean) => blocks.push({ start: firstLine(keywordLine, tags), keywordLine, scenario });
  for (const child of feature.children) {
    if (child.background) add(child.background.location.line, [], false);
    if (child.scenario) add(child.scenario.location.line, child.scenario.tags, true);
    if (child.rule) {
      add(child.rule.location.line, child.rule.tags, false);
      for (const rc of child.rule.children) {
        if (rc.background) add(rc.background.location.line, [], false);
        if (rc.scenario) add(rc.scenario.location.line, rc.scenario.tags, true);
      }
    }
  }
  const comments = new Set(doc.comments.map((c) => c.location.line));
  let floor = feature.location.line;
  for (const b of blocks) {
    while (b.start - 1 > floor && comments.has(b.start - 1)) b.start--;
    floor = b.keywordLine;
  }
  const spans: ScenarioSpan[] = [];
  blocks.forEach((b, i) => {
    if (!b.scenario) return;
    const next = blocks[i + 1]?.start ?? null;
    let end = (next ?? lines.count + 1) - 1;
    while (end > b.keywordLine && isBlank(lines.line(end))) end--;
    let prev = b.start - 1;
    while (prev > 0 && isBlank(lines.line(prev))) prev--;
    spans.push({ start: b.start, end, next, prev, content: lines.range(b.start, end) });
  });
  return spans;
}
