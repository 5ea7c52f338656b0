import { isPage, propertyName, walk, type AnyNode } from './js-ast.ts';

/** Kinds of Playwright actions a request can name, the words that name them and their methods. */
export const ACTION_GROUPS = {
  click: { words: ['click', 'clicks', 'clicking', 'tap', 'taps'], methods: ['click', 'dblclick', 'tap'] },
  fill: { words: ['fill', 'fills', 'type', 'typing', 'enter', 'input', 'write'], methods: ['fill', 'type', 'pressSequentially', 'clear'] },
  press: { words: ['press', 'presses', 'key', 'keys', 'keypress'], methods: ['press'] },
  check: { words: ['check', 'checks', 'tick', 'uncheck', 'untick', 'checkbox'], methods: ['check', 'uncheck', 'setChecked'] },
  select: { words: ['select', 'selects', 'choose', 'dropdown'], methods: ['selectOption'] },
  hover: { words: ['hover', 'hovers'], methods: ['hover'] },
  upload: { words: ['upload', 'uploads'], methods: ['setInputFiles'] },
  navigation: { words: ['navigation', 'navigate', 'goto', 'load', 'reload'], methods: ['goto', 'reload', 'waitForURL', 'waitForLoadState'] },
} as const satisfies Record<string, { words: readonly string[]; methods: readonly string[] }>;
export type ActionGroup = keyof typeof ACTION_GROUPS;

/** Where the options object goes in a Locator method's arguments (a Page method takes a selector first). */
const LOCATOR_OPTIONS: Record<string, number> = {
  click: 0, dblclick: 0, tap: 0, check: 0, uncheck: 0, hover: 0, clear: 0,
  fill: 1, type: 1, pressSequentially: 1, press: 1, selectOption: 1, setInputFiles: 1, setChecked: 1,
};
/** Page methods without an element: their options' place. */
const NAVIGATION_OPTIONS: Record<string, number> = { goto: 1, reload: 0, waitForURL: 1, waitForLoadState: 1 };
/** Page methods that take no selector (their options' place is the Locator's). */
const NOT_ON_PAGE = new Set(['clear', 'pressSequentially']);

/** Calls that give a Locator: `page.getByRole(...)`, `.first()`, `.filter(...)`. */
const LOCATOR_METHODS = new Set([
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId',
  'frameLocator', 'first', 'last', 'nth', 'filter', 'and', 'or', 'contentFrame',
]);

/** One Playwright action in the step: `await <receiver>.<method>(...)`. */
export interface ActionCall {
  call: AnyNode;
  method: string;
  receiver: AnyNode;
  /** Called on the Page with a selector (`this.page.click('#buy')`) rather than on a Locator. */
  onPage: boolean;
  /** Index of the options argument. */
  optionsIndex: number;
  /** The statement when the action stands alone (`await x.click();`), with its parent. */
  statement: AnyNode | null;
  parent: AnyNode | null;
}

function unwrap(node: AnyNode): AnyNode {
  return node.type === 'ParenthesizedExpression' ? unwrap(node.expression) : node;
}

function isLocator(node: AnyNode, locals: Set<string>): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier') return locals.has(n.name);
  return n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && LOCATOR_METHODS.has(propertyName(n.callee) ?? '');
}

/** The Playwright actions of the function `fn`, in source order. */
export function actionCalls(fn: AnyNode): ActionCall[] {
  const locals = new Set<string>();
  const parents = new Map<AnyNode, AnyNode | null>();
  const calls: ActionCall[] = [];
  walk(fn.body, (node, parent) => {
    parents.set(node, parent);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init && isLocator(node.init, locals)) locals.add(node.id.name);
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.computed) return;
    const method = propertyName(node.callee)!;
    const receiver = node.callee.object;
    let onPage = false;
    let optionsIndex: number | undefined;
    if (isPage(receiver) && method in NAVIGATION_OPTIONS) optionsIndex = NAVIGATION_OPTIONS[method];
    else if (isPage(receiver) && method in LOCATOR_OPTIONS && !NOT_ON_PAGE.has(method)) [onPage, optionsIndex] = [true, LOCATOR_OPTIONS[method] + 1];
    else if (method in LOCATOR_OPTIONS && isLocator(receiver, locals)) optionsIndex = LOCATOR_OPTIONS[method];
    if (optionsIndex === undefined) return;
    const awaited = parent?.type === 'AwaitExpression' && parent.argument === node ? parent : null;
    const holder = awaited ? parents.get(awaited) : null;
    const statement = holder?.type === 'ExpressionStatement' ? holder : null;
    calls.push({ call: node, method, receiver, onPage, optionsIndex, statement, parent: statement ? (parents.get(statement) ?? null) : null });
  });
  return calls;
}

/** Methods of the groups, for filtering the calls. */
export function methodsOf(groups: readonly ActionGroup[]): Set<string> {
  return new Set(groups.flatMap((g) => ACTION_GROUPS[g].methods));
}

/** The element an action acts on, as code: the Locator, or `page.locator(selector)` for a Page action. */
export function elementCode(code: string, action: ActionCall): string | null {
  const text = (n: AnyNode) => code.slice(n.start, n.end);
  if (!action.onPage) return text(action.receiver);
  const selector = action.call.arguments[0];
  if (!selector || selector.type === 'SpreadElement') return null;
  return `${text(action.receiver)}.locator(${text(selector)})`;
}
