/** Small edits of a scenario's Gherkin text (its own lines, as the feature list gives them). */

const TITLE = /^(\s*)(Scenario Outline|Scenario Template|Scenario|Example)\s*:(.*)$/;
const TAG_LINE = /^\s*(@[^\s@]+\s*)+$/;
const STEP = /^(\s*)(Given|When|Then|And|But|\*)(\s.*)?$/;
const DOC_STRING = /^\s*("""|```)/;

const split = (text: string) => text.split(/\r?\n/);

function titleIndex(lines: string[]): number {
  return lines.findIndex((l) => TITLE.test(l));
}

export function scenarioTitle(content: string): string {
  const lines = split(content);
  const i = titleIndex(lines);
  return i < 0 ? '' : (TITLE.exec(lines[i])![3] ?? '').trim();
}

export function renameScenarioText(content: string, newName: string): string {
  const lines = split(content);
  const i = titleIndex(lines);
  if (i < 0) return content;
  const [, indent, keyword] = TITLE.exec(lines[i])!;
  lines[i] = `${indent}${keyword}: ${newName}`;
  return lines.join('\n');
}

/** Replaces the tag lines above the title with one line holding `tags` (given without '@'). */
export function setScenarioTags(content: string, tags: string[]): string {
  const lines = split(content);
  const title = titleIndex(lines);
  if (title < 0) return content;
  const indent = TITLE.exec(lines[title])![1];
  const before = lines.slice(0, title).filter((l) => !TAG_LINE.test(l));
  const tagLine = tags.length ? [`${indent}${tags.map((t) => `@${t}`).join(' ')}`] : [];
  return [...before, ...tagLine, ...lines.slice(title)].join('\n');
}

/** Line indexes of the steps after the title, skipping doc strings. */
export function stepLineIndexes(content: string): number[] {
  const lines = split(content);
  const out: number[] = [];
  let inDoc: string | null = null;
  lines.forEach((line, i) => {
    const doc = DOC_STRING.exec(line);
    if (doc) {
      inDoc = inDoc === doc[1] ? null : (inDoc ?? doc[1]);
      return;
    }
    if (!inDoc && i > titleIndex(lines) && STEP.test(line)) out.push(i);
  });
  return out;
}

/** Puts the comment's non-empty lines, as `# ...` lines, above step number `stepIndex`. */
export function insertStepComment(content: string, stepIndex: number, comment: string): string {
  const lines = split(content);
  const at = stepLineIndexes(content)[stepIndex];
  if (at === undefined) return content;
  const indent = STEP.exec(lines[at])![1];
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
