import type MagicString from 'magic-string';
import { formatMs, type EditOutcome } from './action-edits.ts';
import { propertyName, walk, type AnyNode } from './js-ast.ts';

/** cucumber-js's own default step timeout, when the file sets none. */
const CUCUMBER_DEFAULT_MS = 5000;

/** A number written as a literal or a product of literals (`60 * 1000`). */
function numberOf(node: AnyNode | undefined): number | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'number') return node.value;
  if (node.type === 'BinaryExpression' && node.operator === '*') {
    const [a, b] = [numberOf(node.left), numberOf(node.right)];
    return a !== null && b !== null ? a * b : null;
  }
  return null;
}

function timeoutProperty(options: AnyNode | null): AnyNode | null {
  if (options?.type !== 'ObjectExpression') return null;
  return options.properties.find((p: AnyNode) => p.type === 'Property' && !p.computed && (p.key.name === 'timeout' || p.key.value === 'timeout')) ?? null;
}

/** The file's `setDefaultTimeout(ms)`, else cucumber's default. */
function defaultTimeout(program: AnyNode): number {
  let ms: number | null = null;
  walk(program, (n) => {
    if (n.type === 'CallExpression' && propertyName(n.callee) === 'setDefaultTimeout') ms = numberOf(n.arguments[0]) ?? ms;
  });
  return ms ?? CUCUMBER_DEFAULT_MS;
}

/**
 * The registration's `{ timeout }` option set to `ms` (`at-least`: only raised, so that a longer
 * action timeout can run out inside the step's own time).
 */
export function setStepTimeout(code: string, s: MagicString, program: AnyNode, registration: AnyNode | null, ms: number, mode: 'set' | 'at-least'): EditOutcome {
  if (!registration && mode === 'at-least') return { changed: false, note: '' };
  if (!registration) return { error: 'The step is not registered with Given, When or Then in this file, so it has no step timeout to set' };
  const args: AnyNode[] = registration.arguments;
  const options = args.length >= 3 ? args[1] : null;
  const prop = timeoutProperty(options);
  const current = prop ? numberOf(prop.value) : options ? null : defaultTimeout(program);
  const when = formatMs(ms);
  if (mode === 'at-least' && (current === null || current >= ms)) return { changed: false, note: '' };
  if (mode === 'set' && current === ms && prop) return { changed: false, note: `The step timeout is already ${when}.` };
  if (prop?.shorthand) s.appendLeft(prop.end, `: ${ms}`);
  else if (prop) s.overwrite(prop.value.start, prop.value.end, String(ms));
  else if (options?.type === 'ObjectExpression' && options.properties.length) s.appendLeft(options.properties.at(-1).end, `, timeout: ${ms}`);
  else if (options?.type === 'ObjectExpression') s.overwrite(options.start, options.end, `{ timeout: ${ms} }`);
  else if (options) s.overwrite(options.start, options.end, `{ ...${code.slice(options.start, options.end)}, timeout: ${ms} }`);
  else s.appendLeft(args[0].end, `, { timeout: ${ms} }`);
  return {
    changed: true,
    note: mode === 'set' ? `The step timeout is ${when}.` : `The step timeout is raised to ${when} so that the longer action timeout fits in it.`,
  };
}
