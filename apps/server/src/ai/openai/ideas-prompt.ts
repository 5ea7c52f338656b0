import type { IdeasRequest } from '../ai-types.ts';
import type { FormField, PageModel } from '../ideas/page-model.ts';
import { Site } from '../ideas/site.ts';

/** The most of the application an ideas prompt carries: pages are described whole until this is reached. */
export const MAX_PAGES_CHARS = 40_000;
const MAX_LIST_ITEMS = 5;
const MAX_TEXTS = 3;
const MAX_TRANSITIONS = 40;
const MAX_KNOWN_STEPS = 200;

export const IDEAS_SYSTEM_PROMPT = `You propose test scenarios ("ideas") for a web application, for a tool that runs Gherkin steps
written in English with Playwright. You are given what a person wants tested, the pages of the application
as the tool has seen them (their links, search box, forms, lists and buttons), the steps runs were seen to
take from one page to another, and step texts that already have code.

Answer with one JSON object and nothing else:
{"ideas": [{"name": "...", "flow": "...", "parameters": {"name": "example value"}}]}

- Ideas about the description first; no more than the number asked for; no two with the same steps.
- name: a short scenario name of letters, digits, spaces, _ - ( ) only, at most 80 characters, unique.
- flow: the steps, one per line, each starting with Given, When, Then or And. The first step opens a page
  ("Given I go to the home page"); the last checks what a person would see ("Then I should see \\"...\\"").
- Use only the pages, links, fields and buttons listed, written in double quotes exactly as listed.
  Phrase a step like a step that already has code when one fits.
- A value a tester would vary (a search term, a user name, a quantity) is a placeholder <name> in the flow;
  parameters gives every placeholder its example value. Parameter names are letters, digits and _ starting
  with a letter. A flow without placeholders has "parameters": {}.`;

/** The user message of an ideas request: the description, how many, the pages, the transitions, the known steps. */
export function ideasUserPrompt(req: IdeasRequest, limit: number): string {
  const site = new Site(req.knownPages, req.transitions ?? []);
  const lines = [`Description: ${req.description.trim()}`, `Ideas asked for: at most ${limit}`, '', 'Pages of the application:'];
  let used = 0;
  let left = site.pages.length;
  for (const page of site.pages) {
    const text = pageText(site, page);
    if (used + text.length > MAX_PAGES_CHARS && used > 0) break;
    lines.push(text);
    used += text.length;
    left -= 1;
  }
  if (left > 0) lines.push(`(${left} more pages not shown)`);
  const transitions = site.transitions.slice(0, MAX_TRANSITIONS);
  if (transitions.length) lines.push('', 'Steps runs took from one page to another:', ...transitions.map((t) => `- ${t.from} -> ${t.to}: ${t.step}`));
  const steps = [...new Set(req.knownSteps)].slice(0, MAX_KNOWN_STEPS);
  if (steps.length) lines.push('', 'Steps that already have code ({string} is a value in double quotes, {int} a number):', ...steps.map((s) => `- ${s}`));
  return lines.join('\n');
}

const quoted = (s: string) => `"${s}"`;

function fieldText(f: FormField): string {
  const options = f.options.length ? ` (options: ${f.options.slice(0, 10).map(quoted).join(', ')})` : '';
  const group = f.group ? ` in ${quoted(f.group)}` : '';
  return `${f.role} ${quoted(f.name)}${group}${options}`;
}

/** One page as lines: its heading and path, then what a scenario can use on it. */
function pageText(site: Site, page: PageModel): string {
  const lines = [`## ${site.label(page)} (${page.key})${page === site.home ? ' - home page' : ''}`];
  if (page.links.length) {
    const links = [...new Map(page.links.map((l) => [l.name, l])).values()];
    lines.push(`- links: ${links.map((l) => `${quoted(l.name)} -> ${pathOf(l.url)}`).join(', ')}`);
  }
  if (page.search) lines.push(`- search: box ${quoted(page.search.box)}${page.search.button ? `, button ${quoted(page.search.button)}` : ''}`);
  for (const form of page.forms) {
    lines.push(`- form${form.heading ? ` ${quoted(form.heading)}` : ''}: ${form.fields.map(fieldText).join(', ')}; sent with button ${quoted(form.submit)}`);
  }
  for (const list of page.lists) {
    const items = list.items.slice(0, MAX_LIST_ITEMS).map((i) => `${quoted(i.name)}${i.buttons.length ? ` [buttons ${i.buttons.map(quoted).join(', ')}]` : ''}`);
    const more = list.items.length > MAX_LIST_ITEMS ? ` and ${list.items.length - MAX_LIST_ITEMS} more` : '';
    lines.push(`- list${list.name ? ` ${quoted(list.name)}` : ''}: ${items.join(', ')}${more}`);
  }
  if (page.buttons.length) lines.push(`- buttons: ${[...new Set(page.buttons)].map(quoted).join(', ')}`);
  if (page.texts.length) lines.push(`- text: ${page.texts.slice(0, MAX_TEXTS).map(quoted).join(', ')}`);
  return lines.join('\n');
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
