import { STEP_TIMEOUTS } from '@stepwise/shared';
import { parseModule } from './step-definitions.ts';
import type { ScenarioStep } from './feature-steps.ts';
import type { StepMatcher } from './step-matcher.ts';

const CUCUMBER = '@cucumber/cucumber';
const TIMEOUT_LINE = 'setDefaultTimeout(60 * 1000);';

/** A JavaScript single-quoted string literal holding `text`. */
export function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

/**
 * The cucumber expression of a stub: quoted text becomes {string}, numbers {int} or {float}. For a
 * Scenario Outline step the expression that matches every example row is preferred.
 */
export function stubExpression(step: ScenarioStep, matcher: StepMatcher): { pattern: string; params: string[] } {
  const [first, ...rest] = step.texts;
  const candidates = matcher.suggest(first);
  const fits = candidates.find((c) => rest.every((t) => matcher.matchesExpression(c.source, t)));
  const chosen = fits ?? candidates[0] ?? { source: first, parameterNames: [] };
  return { pattern: chosen.source, params: [...chosen.parameterNames] };
}

/** The definition of a stub, marked `// source: user`, registered with the per-step timeout. */
export function stubDefinition(step: ScenarioStep, matcher: StepMatcher): string {
  const { pattern, params } = stubExpression(step, matcher);
  const said = step.texts[0].replace(/[\u2028\u2029]/g, ' ');
  return [
    '// source: user',
    `${step.keywordType}(${jsString(pattern)}, { timeout: ${STEP_TIMEOUTS.stepMs} }, async function (${params.join(', ')}) {`,
    `  // TODO: implement the step "${said}" with this.page (Playwright) and this.env.baseUrl`,
    "  return 'pending';",
    '});',
  ].join('\n');
}

/** The stub on its own: the imports, the default timeout of 60 s and the definition. */
export function standaloneStub(step: ScenarioStep, matcher: StepMatcher): string {
  return [`import { ${step.keywordType}, setDefaultTimeout } from '${CUCUMBER}';`, '', TIMEOUT_LINE, '', stubDefinition(step, matcher), ''].join('\n');
}

/**
 * `content` (the user functions file, or null when there is none) with the stub added: the keyword
 * and setDefaultTimeout imported from cucumber if they are not yet, the default timeout set once,
 * the definition appended at the end.
 */
export function addStubToFile(content: string | null, step: ScenarioStep, matcher: StepMatcher): string {
  if (!content || !content.trim()) return standaloneStub(step, matcher);
  return addDefinitionToFile(content, step.keywordType, stubDefinition(step, matcher));
}

/**
 * `content` (a step file) with `definition` (registered with `keywordType`) appended: the keyword and
 * setDefaultTimeout imported from cucumber if they are not yet, the default timeout set once.
 */
export function addDefinitionToFile(content: string | null, keywordType: string, definition: string): string {
  if (!content || !content.trim()) {
    return [`import { ${keywordType}, setDefaultTimeout } from '${CUCUMBER}';`, '', TIMEOUT_LINE, '', definition, ''].join('\n');
  }
  const parsed = parseModule(content);
  if ('error' in parsed) return `${content.replace(/\s*$/, '\n')}\n${definition}\n`;
  const body = parsed.program.body as any[];
  const imports = body.filter((s) => s.type === 'ImportDeclaration');
  const fromCucumber = imports.find((s) => s.source.value === CUCUMBER && s.specifiers.every((x: any) => x.type === 'ImportSpecifier'));
  const imported = new Set<string>(
    imports.filter((s) => s.source.value === CUCUMBER).flatMap((s) => s.specifiers.filter((x: any) => x.type === 'ImportSpecifier').map((x: any) => x.local.name)),
  );
  const hasTimeout = /\bsetDefaultTimeout\s*\(/.test(content.replace(/\/\/.*$/gm, ''));
  const needed = [keywordType, ...(hasTimeout ? [] : ['setDefaultTimeout'])].filter((n) => !imported.has(n));
  let head = content;
  let insertAt = imports.length ? imports[imports.length - 1].end : 0;
  if (needed.length && fromCucumber) {
    const names = [...fromCucumber.specifiers.map((x: any) => content.slice(x.start, x.end)), ...needed];
    const rebuilt = `import { ${names.join(', ')} } from '${CUCUMBER}';`;
    head = content.slice(0, fromCucumber.start) + rebuilt + content.slice(fromCucumber.end);
    if (fromCucumber === imports[imports.length - 1]) insertAt = fromCucumber.start + rebuilt.length;
    else insertAt += rebuilt.length - (fromCucumber.end - fromCucumber.start);
  } else if (needed.length) {
    const line = `import { ${needed.join(', ')} } from '${CUCUMBER}';`;
    head = insertAt ? `${content.slice(0, insertAt)}\n${line}${content.slice(insertAt)}` : `${line}\n${content}`;
    insertAt = insertAt ? insertAt + line.length + 1 : line.length;
  }
  if (!hasTimeout) head = `${head.slice(0, insertAt)}\n\n${TIMEOUT_LINE}\n${head.slice(insertAt).replace(/^\n+/, '\n')}`;
  return `${head.replace(/\s*$/, '\n')}\n${definition}\n`;
}
