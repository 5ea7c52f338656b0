import { parse, type Comment, type Node } from 'acorn';
import { STEP_SOURCES, type STEP_LIST_SOURCES } from '@stepwise/shared';

/** A source a step file may declare. */
export type StepSource = (typeof STEP_SOURCES)[number];
/** A source in the step lists: a declared one, or 'builtin' for the built-in library. */
export type StepListSource = (typeof STEP_LIST_SOURCES)[number];
export type PatternType = 'CUCUMBER_EXPRESSION' | 'REGULAR_EXPRESSION';

/** One Given/When/Then/defineStep call found in a step file, read without running it. */
export interface StepDefinition {
  keyword: string;
  /** The cucumber expression, or the regular expression's source. */
  pattern: string;
  patternType: PatternType;
  flags: string;
  line: number;
  column: number;
  source: StepSource;
  /** Offsets of the whole statement with its leading comments; null when it is not a statement of its own. */
  range: [number, number] | null;
}

/** A defineParameterType({ name, regexp }) call, so that expressions using it can be compiled. */
export interface ParameterTypeDefinition {
  name: string;
  regexps: string[];
}

export interface CodeError {
  line: number;
  column: number;
  message: string;
}

export interface ParsedStepFile {
  definitions: StepDefinition[];
  parameterTypes: ParameterTypeDefinition[];
  error: CodeError | null;
}

const STEP_FUNCTIONS = new Set(['Given', 'When', 'Then', 'And', 'But', 'defineStep', 'Step']);
const SOURCE_RE = /\bsource\s*:\s*['"]?(recorder|api|ai|user)\b/i;

type AnyNode = Node & Record<string, any>;

/** Parses a step file as an ES module; the error carries the 1-based line and column. */
export function parseModule(code: string): { program: AnyNode; comments: Comment[] } | { error: CodeError } {
  const comments: Comment[] = [];
  try {
    const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true, onComment: comments });
    return { program: program as AnyNode, comments };
  } catch (err) {
    const e = err as SyntaxError & { loc?: { line: number; column: number } };
    return { error: { line: e.loc?.line ?? 1, column: (e.loc?.column ?? 0) + 1, message: e.message.replace(/\s*\(\d+:\d+\)$/, '') } };
  }
}

/** Syntax check for the editor: null when the code parses as a module. */
export function validateCode(code: string): CodeError | null {
  const result = parseModule(code);
  return 'error' in result ? result.error : null;
}

/** Finds the step definitions and parameter types of a step file without executing it. */
export function readStepFile(code: string): ParsedStepFile {
  const parsed = parseModule(code);
  if ('error' in parsed) return { definitions: [], parameterTypes: [], error: parsed.error };
  const { program, comments } = parsed;
  const aliases = cucumberAliases(program);
  const definitions: StepDefinition[] = [];
  const parameterTypes: ParameterTypeDefinition[] = [];
  walk(program, null, (node, parent) => {
    if (node.type !== 'CallExpression') return;
    const fn = calleeName(node.callee, aliases);
    if (fn === 'defineParameterType') {
      const p = parameterTypeOf(node.arguments[0]);
      if (p) parameterTypes.push(p);
      return;
    }
    if (!fn || !STEP_FUNCTIONS.has(fn)) return;
    const pattern = patternOf(node.arguments[0]);
    if (!pattern) return;
    const statement = parent?.type === 'ExpressionStatement' && parent.expression === node ? parent : null;
    const leading = leadingComments(code, comments, (statement ?? node).start);
    const fromOptions = optionString(node.arguments[1], 'source');
    const fromComment = leading.map((c) => SOURCE_RE.exec(c.value)?.[1]).filter(Boolean).pop();
    const source = (fromOptions ?? fromComment ?? 'user').toLowerCase();
    definitions.push({
      keyword: fn,
      ...pattern,
      line: node.loc!.start.line,
      column: node.loc!.start.column + 1,
      source: (STEP_SOURCES as readonly string[]).includes(source) ? (source as StepSource) : 'user',
      range: statement ? [leading[0]?.start ?? statement.start, statement.end] : null,
    });
  });
  return { definitions, parameterTypes, error: null };
}

/** Local names bound to cucumber's step functions by `import { Given as G } from '@cucumber/cucumber'`. */
function cucumberAliases(program: AnyNode): Map<string, string> {
  const map = new Map<string, string>();
  for (const stmt of program.body as AnyNode[]) {
    if (stmt.type !== 'ImportDeclaration' || !String(stmt.source.value).startsWith('@cucumber/')) continue;
    for (const spec of stmt.specifiers as AnyNode[]) {
      if (spec.type !== 'ImportSpecifier') continue;
      const imported = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
      map.set(spec.local.name, imported);
    }
  }
  return map;
}

function calleeName(callee: AnyNode, aliases: Map<string, string>): string | null {
  if (callee.type === 'Identifier') return aliases.get(callee.name) ?? callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

function patternOf(arg: AnyNode | undefined): { pattern: string; patternType: PatternType; flags: string } | null {
  if (!arg) return null;
  if (arg.type === 'Literal' && arg.regex) return { pattern: arg.regex.pattern, patternType: 'REGULAR_EXPRESSION', flags: arg.regex.flags };
  if (arg.type === 'Literal' && typeof arg.value === 'string') return { pattern: arg.value, patternType: 'CUCUMBER_EXPRESSION', flags: '' };
  if (arg.type === 'TemplateLiteral' && arg.expressions.length === 0) {
    return { pattern: arg.quasis[0].value.cooked ?? '', patternType: 'CUCUMBER_EXPRESSION', flags: '' };
  }
  return null;
}

function optionString(arg: AnyNode | undefined, key: string): string | null {
  if (arg?.type !== 'ObjectExpression') return null;
  for (const prop of arg.properties as AnyNode[]) {
    if (prop.type !== 'Property') continue;
    const name = prop.key.type === 'Identifier' ? prop.key.name : prop.key.value;
    if (name === key && prop.value.type === 'Literal' && typeof prop.value.value === 'string') return prop.value.value;
  }
  return null;
}

function parameterTypeOf(arg: AnyNode | undefined): ParameterTypeDefinition | null {
  const name = optionString(arg, 'name');
  if (!arg || name === null) return null;
  const prop = (arg.properties as AnyNode[]).find((p) => p.type === 'Property' && (p.key.name ?? p.key.value) === 'regexp');
  const values: AnyNode[] = prop?.value.type === 'ArrayExpression' ? prop.value.elements : prop ? [prop.value] : [];
  const regexps = values.map((v) => (v?.regex ? v.regex.pattern : typeof v?.value === 'string' ? v.value : null));
  // A regexp computed at run time is unknown here: any text is accepted for it.
  return { name, regexps: regexps.length && regexps.every((r) => r !== null) ? (regexps as string[]) : ['.*'] };
}

/**
 * Comments directly above `start`: only whitespace between them and no blank line, so that a file
 * header separated by a blank line does not belong to the first definition.
 */
function leadingComments(code: string, comments: Comment[], start: number): Comment[] {
  const block: Comment[] = [];
  let cursor = start;
  for (let i = comments.length - 1; i >= 0; i--) {
    const c = comments[i];
    if (c.end > cursor) continue;
    const gap = code.slice(c.end, cursor);
    if (gap.trim() !== '' || (gap.match(/\n/g)?.length ?? 0) > 1) break;
    block.unshift(c);
    cursor = c.start;
  }
  return block;
}

function walk(node: AnyNode, parent: AnyNode | null, visit: (node: AnyNode, parent: AnyNode | null) => void): void {
  visit(node, parent);
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walk(child, node, visit);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') {
      walk(value, node, visit);
    }
  }
}
