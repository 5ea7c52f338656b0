import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { isFunction, walk, type AnyNode } from './js-ast.ts';

/** The step function an update applies to, and the call that registers it (when there is one). */
export interface StepTarget {
  fn: AnyNode;
  registration: AnyNode | null;
  /** How messages and logs name the step: its expression, or the function's name. */
  label: string;
}

const STEP_FUNCTIONS = new Set(['Given', 'When', 'Then', 'And', 'But', 'defineStep', 'Step']);

interface Registration {
  call: AnyNode;
  pattern: string;
  regex: boolean;
  /** The function argument (last one), or an identifier naming it. */
  handler: AnyNode | undefined;
}

function registrations(program: AnyNode): Registration[] {
  const found: Registration[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee;
    const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
    if (!name || !STEP_FUNCTIONS.has(name)) return;
    const first = node.arguments[0];
    let pattern: string | null = null;
    let regex = false;
    if (first?.type === 'Literal' && first.regex) [pattern, regex] = [first.regex.pattern, true];
    else if (first?.type === 'Literal' && typeof first.value === 'string') pattern = first.value;
    else if (first?.type === 'TemplateLiteral' && first.expressions.length === 0) pattern = first.quasis[0].value.cooked ?? '';
    if (pattern !== null) found.push({ call: node, pattern, regex, handler: node.arguments.at(-1) });
  });
  return found;
}

/** Functions declared by name in the file: `function x() {}`, `const x = async () => {}`. */
function namedFunctions(program: AnyNode): Map<string, AnyNode> {
  const named = new Map<string, AnyNode>();
  walk(program, (node) => {
    if (node.type === 'FunctionDeclaration' && node.id) named.set(node.id.name, node);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && isFunction(node.init)) named.set(node.id.name, node.init);
  });
  return named;
}

function handlerFunction(reg: Registration, named: Map<string, AnyNode>): AnyNode | null {
  if (isFunction(reg.handler)) return reg.handler!;
  if (reg.handler?.type === 'Identifier') return named.get(reg.handler.name) ?? null;
  return null;
}

function matchesText(reg: Registration, text: string): boolean {
  try {
    if (reg.regex) return new RegExp(reg.pattern).test(text);
    return new CucumberExpression(reg.pattern, new ParameterTypeRegistry()).match(text) !== null;
  } catch {
    return false;
  }
}

/**
 * The step named `functionName` in the parsed file: a registration whose expression (or regular
 * expression's source) is that text, a function declared with that name, or else the one
 * registration whose expression matches it as a step text (`I add "Mug" to the cart`).
 */
export function findStep(program: AnyNode, functionName: string): StepTarget | { error: string } {
  const name = functionName.trim();
  const regs = registrations(program);
  const named = namedFunctions(program);
  const bare = name.startsWith('/') && name.lastIndexOf('/') > 0 ? name.slice(1, name.lastIndexOf('/')) : name;
  let chosen = regs.filter((r) => r.pattern === name || (r.regex && r.pattern === bare));
  if (chosen.length === 0 && named.has(name)) {
    const fn = named.get(name)!;
    const reg = regs.find((r) => handlerFunction(r, named) === fn) ?? null;
    return { fn, registration: reg?.call ?? null, label: reg?.pattern ?? name };
  }
  if (chosen.length === 0) chosen = regs.filter((r) => matchesText(r, name));
  if (chosen.length === 0) return { error: `The step "${name}" is not defined in this file` };
  if (chosen.length > 1) return { error: `The step "${name}" is defined ${chosen.length} times in this file: keep one definition first` };
  const fn = handlerFunction(chosen[0], named);
  if (!fn) return { error: `The step "${name}" is registered without a function this file defines` };
  return { fn, registration: chosen[0].call, label: chosen[0].pattern };
}
