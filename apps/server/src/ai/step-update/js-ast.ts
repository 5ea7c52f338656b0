import { parseModule } from '../../steps/step-definitions.ts';

/** An ESTree node as acorn gives it (start/end offsets, loc), read loosely. */
export type AnyNode = { type: string; start: number; end: number } & Record<string, any>;

export type Parsed = { program: AnyNode } | { error: string };

/** Parses a step file as an ES module (acorn); the error names the line. */
export function parseStepFile(code: string): Parsed {
  const result = parseModule(code);
  if ('error' in result) return { error: `line ${result.error.line}: ${result.error.message}` };
  return { program: result.program as AnyNode };
}

const FUNCTION_TYPES = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);
export const isFunction = (node: AnyNode | null | undefined): boolean => !!node && FUNCTION_TYPES.has(node.type);

/** The child nodes of `node`, in source order. */
export function childrenOf(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') out.push(child);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') {
      out.push(value);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Visits `node` and its descendants with their parent; `enter` returning false skips the children.
 * Nested functions are entered too unless `enter` says otherwise.
 */
export function walk(node: AnyNode, enter: (node: AnyNode, parent: AnyNode | null) => boolean | void, parent: AnyNode | null = null): void {
  if (enter(node, parent) === false) return;
  for (const child of childrenOf(node)) walk(child, enter, node);
}

/** Name of a member's property or of an identifier (`a.b.click` -> `click`), else null. */
export function propertyName(node: AnyNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  return null;
}

/** `this.page` or a variable named `page`: the Playwright Page of the step. */
export function isPage(node: AnyNode | null | undefined): boolean {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === 'page';
  return node.type === 'MemberExpression' && node.object.type === 'ThisExpression' && propertyName(node) === 'page';
}

/** Offset of the start of the line holding `offset`. */
export function lineStart(code: string, offset: number): number {
  return code.lastIndexOf('\n', offset - 1) + 1;
}

/** The whitespace that starts the line holding `offset`. */
export function indentAt(code: string, offset: number): string {
  const start = lineStart(code, offset);
  let end = start;
  while (end < code.length && (code[end] === ' ' || code[end] === '\t')) end++;
  return code.slice(start, end);
}

/** Character ranges of template literal parts and strings: text inside them is never re-indented. */
export function literalRanges(node: AnyNode): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  walk(node, (n) => {
    if (n.type === 'TemplateElement' || (n.type === 'Literal' && typeof n.value === 'string')) ranges.push([n.start, n.end]);
  });
  return ranges;
}

/** A JavaScript string literal in single quotes. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** Text safe inside a template literal. */
export function templateText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\n/g, ' ');
}
