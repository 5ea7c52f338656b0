import { nlp } from './nlp.ts';
import type { StepKeyword } from './ai-types.ts';

/** One English step as the scenario will hold it. */
export interface EnglishStep {
  keyword: StepKeyword;
  text: string;
}

const KEYWORD_RE = /^(given|when|then|and|but|\*)\s+/i;
const LIST_MARK_RE = /^\s*(?:[-*•]|\d+[.)])\s+/;
/** Words that make a sentence a check rather than an action. */
const OUTCOME_WORDS = ['should', 'must', 'verify', 'check that', 'is shown', 'are shown', 'is displayed', 'are displayed', 'see', 'sees', 'shows', 'displays', 'contains', 'appears', 'lists'];

/**
 * English steps from what a user wrote: a list (one step per line, bullets and numbers dropped, a
 * leading Gherkin keyword kept) or a description in sentences (one step per sentence). Steps without
 * a keyword get one: Then for checks, Given for a first step that opens a page, When otherwise.
 */
export function englishSteps(input: string): EnglishStep[] {
  const lines = input
    .split(/\r?\n/)
    .map((l) => l.replace(LIST_MARK_RE, '').trim())
    .filter(Boolean);
  const pieces = lines.length > 1 ? lines : sentences(lines[0] ?? '');
  const out: EnglishStep[] = [];
  for (const piece of pieces) {
    const text = piece.replace(/[.;]+$/, '').trim();
    if (!text) continue;
    const m = KEYWORD_RE.exec(text);
    const body = m ? text.slice(m[0].length).trim() : text;
    if (!body) continue;
    const said = m?.[1].toLowerCase();
    const previous = out.at(-1)?.keyword ?? 'Given';
    const keyword: StepKeyword =
      said === 'given' ? 'Given' : said === 'when' ? 'When' : said === 'then' ? 'Then' : said ? previous : inferKeyword(body, out.length === 0);
    out.push({ keyword, text: body });
  }
  return out;
}

function sentences(text: string): string[] {
  if (!text.trim()) return [];
  return (nlp(text).sentences().out('array') as string[]).flatMap((s) => s.split(/,\s*(?:then|and then)\s+/i));
}

function inferKeyword(text: string, first: boolean): StepKeyword {
  const lower = ` ${text.toLowerCase()} `;
  if (OUTCOME_WORDS.some((w) => lower.includes(` ${w} `) || lower.includes(` ${w}:`))) return 'Then';
  if (first && /\b(open|go to|visit|navigate|am on|start on|on the .* page)\b/i.test(text)) return 'Given';
  return 'When';
}

/** The scenario's Gherkin: Given/When/Then, repeats as And. */
export function scenarioGherkin(name: string, steps: readonly EnglishStep[], tags: readonly string[] = []): string {
  const lines = tags.length ? [`  ${tags.map((t) => (t.startsWith('@') ? t : `@${t}`)).join(' ')}`] : [];
  lines.push(`  Scenario: ${name}`);
  let last: StepKeyword | null = null;
  for (const s of steps) {
    lines.push(`    ${s.keyword === last ? 'And' : s.keyword} ${s.text}`);
    last = s.keyword;
  }
  return `${lines.join('\n')}\n`;
}
