import type { StepDefinition } from './step-definitions.ts';

/**
 * Removes whole definition statements (with their leading comments) from a step file. A range is
 * widened to full lines when nothing else shares them, and one blank line left behind is dropped.
 */
export function removeDefinitions(content: string, definitions: StepDefinition[]): string {
  const ranges = definitions
    .map((d) => d.range)
    .filter((r): r is [number, number] => r !== null)
    .map(([start, end]) => widen(content, start, end))
    .sort((a, b) => b[0] - a[0]);
  let out = content;
  let lastStart = Infinity;
  for (const [start, end] of ranges) {
    if (end > lastStart) continue;
    out = out.slice(0, start) + out.slice(end);
    lastStart = start;
  }
  return out.replace(/\n{3,}/g, '\n\n').replace(/\n\n+$/, '\n');
}

function widen(content: string, start: number, end: number): [number, number] {
  const lineStart = content.lastIndexOf('\n', start - 1) + 1;
  const from = content.slice(lineStart, start).trim() === '' ? lineStart : start;
  let to = end;
  while (to < content.length && (content[to] === ';' || content[to] === ' ' || content[to] === '\t')) to++;
  if (content[to] === '\r') to++;
  if (content[to] === '\n') to++;
  else if (to < content.length) to = end;
  // Drop the blank line that separated the removed statement from the next one.
  const previousBlank = from >= 2 && content[from - 1] === '\n' && content[from - 2] === '\n';
  if ((previousBlank || from === 0) && content[to] === '\n') to++;
  return [from, to];
}
