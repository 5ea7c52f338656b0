import { builtinLibrary } from '../../steps/builtin-library.ts';
import type { PageSnapshot, StepCodeRequest } from '../ai-types.ts';

/** The most of an aria snapshot a prompt carries: big pages are cut at a line, the top kept. */
export const MAX_ARIA_CHARS = 16_000;
const MAX_KNOWN_PAGES = 20;

const STEP_INSTRUCTIONS = `You write Cucumber step definitions in JavaScript for Playwright tests.
You are given one Gherkin step (its keyword and text), the base URL of the application, and the page the
step starts on as a Playwright aria snapshot (YAML), when there is one.

Answer with one JSON object and nothing else, either:
{"expression": "...", "params": ["..."], "body": "...", "reasoning": "..."}
or, when no code could work (the element the step names is not on the page, the step is unclear):
{"refuse": "why", "candidates": ["button \\"Add to cart\\"", "..."]}  (the closest elements, best first)

- expression: a Cucumber expression that matches the step text exactly. Quoted values become {string},
  whole numbers {int}, decimals {float}; every other character is literal ( ( ) { } / \\ take a backslash).
- params: one valid JavaScript identifier per parameter of the expression, in order.
- body: the body of \`async function (...params) { body }\`. \`this.page\` is the Playwright Page,
  \`this.testData\` the run's test data (an object of strings). \`expect\` is NOT available: a check that
  fails throws an Error with a message that says what was expected and what was found.
  Prefer locators from the snapshot: page.getByRole(role, { name }), getByLabel, getByText.
  Resolve relative paths against the base URL. Use the parameters, not the values they stand for.
- reasoning: one or two sentences: what the step was understood as and which element was chosen.`;

/**
 * The built-in step library's steps, one line each (`- When I click the {string} button`): the step
 * asked for is not one of them, and its expression must not match their texts either (cucumber would
 * find the step ambiguous); their phrasing shows the project's conventions.
 */
export function stepLibraryLines(): string[] {
  return builtinLibrary().definitions.map((d) => `- ${d.keyword} ${d.pattern}`);
}

export const STEP_SYSTEM_PROMPT = [
  STEP_INSTRUCTIONS,
  '',
  'The step library already has these steps (keyword and Cucumber expression). The step you are given has no',
  'definition yet: write a new one whose expression matches none of the texts these match.',
  ...stepLibraryLines(),
].join('\n');

/** The user message of a step request: the step, the base URL, the page and the other known pages. */
export function stepUserPrompt(req: StepCodeRequest): string {
  const lines = [
    `Step: ${req.keyword} ${req.text.trim()}`,
    `Base URL: ${req.baseUrl}`,
  ];
  if (req.page) {
    lines.push(`Current page: ${req.page.title} (${req.page.url})`, 'Aria snapshot:', cutSnapshot(req.page.aria));
  } else {
    lines.push('Current page: none (the step starts before any page is open)');
  }
  const known = req.knownPages.slice(0, MAX_KNOWN_PAGES);
  if (known.length > 0) lines.push('Other known pages:', ...known.map(pageLine));
  return lines.join('\n');
}

function pageLine(page: PageSnapshot): string {
  return `- ${page.title} (${page.url})`;
}

/** The snapshot cut to MAX_ARIA_CHARS at a line end, with a note that it was. */
export function cutSnapshot(aria: string): string {
  if (aria.length <= MAX_ARIA_CHARS) return aria;
  const cut = aria.lastIndexOf('\n', MAX_ARIA_CHARS);
  return `${aria.slice(0, cut > 0 ? cut : MAX_ARIA_CHARS)}\n# ... (snapshot cut: ${aria.length} characters)`;
}
