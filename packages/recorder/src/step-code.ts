import type { RecordedAction, RecordedStep } from '@stepwise/shared';
import { jsString, locatorParts, partsText } from './locator-parts.ts';

/** How long a recorded step may take (a page load, a slow button): as the AI's generated steps. */
const STEP_TIMEOUT_MS = 60_000;
/** How long a recorded check waits for the page to agree (as the library's checks). */
const CHECK_TIMEOUT_MS = 30_000;

/** The locator re-written from its parsed calls (nothing of the client's text but literals), or null when it is not a plain chain. */
function safeLocator(locator: string): string | null {
  const parts = locatorParts(locator);
  return parts ? `page.${partsText(parts)}` : null;
}

/** `{{key}}` references resolved from the run's test data, as the library's steps do. */
function valueCode(value: string): string {
  if (!/\{\{\s*[^}]+?\s*\}\}/.test(value)) return jsString(value);
  return `${jsString(value)}.replace(/\\{\\{\\s*([^}]+?)\\s*\\}\\}/g, (_, key) => String(this.testData?.[key] ?? ''))`;
}

/** The body of a recorded step, using `page` (the scenario's page); null when a locator is not a plain Playwright locator chain. */
export function actionCode(action: RecordedAction): string | null {
  if (action.name === 'navigate') return `await page.goto(new URL(${jsString(action.url)}, this.env?.baseUrl).toString());`;
  if (action.name === 'assertText') return `await page.getByText(${valueCode(action.text)}).first().waitFor({ state: 'visible' });`;
  if (action.name === 'assertUrl') return `await page.waitForURL((url) => url.toString().includes(${jsString(action.url)}));`;
  if (action.name === 'press' && !action.locator) return `await page.keyboard.press(${jsString(action.key)});`;
  const target = safeLocator(action.locator ?? '');
  if (!target) return null;
  switch (action.name) {
    case 'click': {
      const opts: string[] = [];
      if (action.button && action.button !== 'left') opts.push(`button: ${jsString(action.button)}`);
      if (action.modifiers?.length) opts.push(`modifiers: [${action.modifiers.map(jsString).join(', ')}]`);
      const method = action.clickCount === 2 ? 'dblclick' : 'click';
      return `await ${target}.${method}(${opts.length ? `{ ${opts.join(', ')} }` : ''});`;
    }
    case 'fill':
      return `await ${target}.fill(${valueCode(action.value)});`;
    case 'select':
      return `await ${target}.selectOption(${action.options.length === 1 ? jsString(action.options[0]) : `[${action.options.map(jsString).join(', ')}]`});`;
    case 'check':
    case 'uncheck':
      return `await ${target}.${action.name}();`;
    case 'press':
      return `await ${target}.press(${jsString(action.key)});`;
    case 'upload':
      return `await ${target}.setInputFiles([${action.files.map((f) => `${jsString(`files/${f.replace(/^.*[\\/]/, '')}`)}`).join(', ')}]);`;
    case 'assertVisible':
      return `await ${target}.first().waitFor({ state: 'visible' });`;
    case 'assertValue':
      return pollUntil(`(await ${target}.inputValue()) === ${valueCode(action.value)}`, `${target} does not have the value ${action.value}`);
    case 'assertChecked':
      return pollUntil(`(await ${target}.isChecked()) === ${action.checked}`, `${target} is ${action.checked ? 'not ' : ''}checked`);
  }
}

/** Code waiting (up to the step's timeout) for `condition`, then failing with `message`. */
function pollUntil(condition: string, message: string): string {
  return [
    `for (const deadline = Date.now() + ${CHECK_TIMEOUT_MS}; !(${condition}); await page.waitForTimeout(100)) {`,
    `    if (Date.now() > deadline) throw new Error(${jsString(message)});`,
    '  }',
  ].join('\n');
}

/** The step's text as a cucumber expression matching exactly that text (its special characters escaped). */
export function literalExpression(text: string): string {
  return text.replace(/([\\(){}/])/g, '\\$1');
}

/**
 * The definition of a recorded step whose text no existing definition matches, as a step file holds it:
 * `// source: recorder` (the step shows the REC label), the text as a literal expression, the action's code.
 * Null when the action's locator is not a plain Playwright locator chain.
 */
export function recordedDefinition(step: RecordedStep): string | null {
  const body = actionCode(step.action);
  if (body === null) return null;
  return [
    '// source: recorder',
    `${step.keyword}(${jsString(literalExpression(step.text))}, { timeout: ${STEP_TIMEOUT_MS} }, async function () {`,
    '  const { page } = this;',
    `  ${body}`,
    '});',
  ].join('\n');
}
