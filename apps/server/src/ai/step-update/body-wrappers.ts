import type MagicString from 'magic-string';
import type { EditOutcome } from './action-edits.ts';
import { indentAt, lineStart, literalRanges, templateText, walk, type AnyNode } from './js-ast.ts';

/** A line of generated code and how many indentation units deeper than the block's statements it sits. */
type Line = [depth: number, text: string];

/** `try { ... } catch (e) { ... }` filling a block, whose catch does not throw again: the step goes on after a failure. */
function continueShape(block: AnyNode): AnyNode | null {
  const t = block.body.length === 1 ? block.body[0] : null;
  if (t?.type !== 'TryStatement' || !t.handler || t.finalizer) return null;
  return t.handler.body.body.some((st: AnyNode) => st.type === 'ThrowStatement') ? null : t;
}

/** `const retries = N; for (let attempt = 0; ; attempt++) { try { ... } catch (error) { if (attempt >= retries) throw error; ... } }`. */
function retryShape(block: AnyNode): { count: AnyNode; attempt: AnyNode } | null {
  if (block.body.length !== 2) return null;
  const [decl, loop] = block.body as AnyNode[];
  const d = decl.type === 'VariableDeclaration' && decl.kind === 'const' && decl.declarations.length === 1 ? decl.declarations[0] : null;
  if (d?.id.type !== 'Identifier' || d.init?.type !== 'Literal' || typeof d.init.value !== 'number') return null;
  if (loop.type !== 'ForStatement' || loop.body.type !== 'BlockStatement' || loop.body.body.length !== 1) return null;
  const attempt = loop.body.body[0];
  const check = attempt.type === 'TryStatement' && attempt.handler ? attempt.handler.body.body[0] : null;
  const test = check?.type === 'IfStatement' ? check.test : null;
  if (test?.type !== 'BinaryExpression' || test.operator !== '>=' || test.right.type !== 'Identifier' || test.right.name !== d.id.name) return null;
  return check.consequent.type === 'ThrowStatement' ? { count: d.init, attempt } : null;
}

/** The function body's layers of this module's wrappers, outside in, and the block holding the step's own statements. */
export function layersOf(body: AnyNode): { continued: boolean; retry: { count: AnyNode } | null; inner: AnyNode } {
  let block = body;
  const cont = continueShape(block);
  if (cont) block = cont.block;
  const retry = retryShape(block);
  if (retry) block = retry.attempt.block;
  return { continued: !!cont, retry, inner: block };
}

/** Replaces the inside of `block` by `open`, its own statements one or more levels deeper, and `close`. */
function wrapBlock(code: string, s: MagicString, block: AnyNode, open: Line[], bodyDepth: number, close: Line[]): void {
  const base = indentAt(code, block.end - 1);
  const inside = code.slice(block.start + 1, block.end - 1);
  const literals = literalRanges(block);
  const inLiteral = (offset: number) => literals.some(([a, b]) => offset > a && offset < b);
  const rows: Array<{ text: string; at: number }> = [];
  let at = block.start + 1;
  for (const text of inside.split('\n')) {
    rows.push({ text, at });
    at += text.length + 1;
  }
  const firstCode = rows.find((r, i) => i > 0 && r.text.trim());
  const own = firstCode ? indentAt(code, firstCode.at) : `${base}  `;
  const unit = own.startsWith(base) && own.length > base.length ? own.slice(base.length) : '  ';
  const deeper = unit.repeat(bodyDepth);
  const lines: string[] = [];
  rows.forEach((row, i) => {
    if (inLiteral(row.at)) return lines.push(row.text);
    if (!row.text.trim()) return lines.push('');
    // Text right after `{` (a one-line body, a comment) gets the statements' indentation first.
    lines.push(deeper + (i === 0 ? base + unit + row.text.trim() : row.text));
  });
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  const generated = (l: Line[]) => l.map(([depth, text]) => base + unit + unit.repeat(depth) + text);
  s.overwrite(block.start + 1, block.end - 1, `\n${[...generated(open), ...lines, ...generated(close)].join('\n')}\n${base}`);
}

const failed = (label: string) => `Step "${templateText(label)}" failed`;

/** Wraps the step's statements (inside a retry loop when there is one) in a try/catch that logs the error and goes on. */
export function continueOnFailure(code: string, s: MagicString, fn: AnyNode, label: string): EditOutcome {
  const layers = layersOf(fn.body);
  if (layers.continued) return { changed: false, note: 'The step already goes on when it fails.' };
  const warn = `console.warn(\`${failed(label)}, going on: \${error?.message ?? error}\`);`;
  wrapBlock(code, s, fn.body, [[0, 'try {']], 1, [[0, '} catch (error) {'], [1, warn], [0, '}']]);
  return { changed: true, note: 'When the step fails, the error is logged (console.warn) and the scenario goes on.' };
}

/** A name for the retry count that the function does not use yet. */
function freeName(fn: AnyNode): string {
  const used = new Set<string>();
  walk(fn, (n) => {
    if (n.type === 'Identifier') used.add(n.name);
  });
  return ['retries', 'maxRetries', 'stepRetries', 'retryCount'].find((n) => !used.has(n)) ?? `retries${used.size}`;
}

/** Runs the step's statements again after a failure, up to `retries` more times, one second apart; the last error is thrown. */
export function retryOnFailure(code: string, s: MagicString, fn: AnyNode, label: string, retries: number): EditOutcome {
  const layers = layersOf(fn.body);
  const times = `up to ${retries} time${retries === 1 ? '' : 's'}`;
  if (layers.retry) {
    if (layers.retry.count.value === retries) return { changed: false, note: `The step is already retried ${times}.` };
    s.overwrite(layers.retry.count.start, layers.retry.count.end, String(retries));
    return { changed: true, note: `The step is now retried ${times} when it fails.` };
  }
  // Inside the continue wrapper, so that only the last failure is logged and let go.
  const block = layers.continued ? fn.body.body[0].block : fn.body;
  const name = freeName(fn);
  const last = block.body.at(-1);
  const ends = last && (last.type === 'ReturnStatement' || last.type === 'ThrowStatement');
  const warn = `console.warn(\`${failed(label)}, retry \${attempt + 1} of \${${name}}: \${error?.message ?? error}\`);`;
  if (!fn.async) s.prependLeft(fn.start, 'async ');
  wrapBlock(code, s, block, [[0, `const ${name} = ${retries};`], [0, 'for (let attempt = 0; ; attempt++) {'], [1, 'try {']], 2, [
    ...(ends ? [] : ([[2, 'break;']] as Line[])),
    [1, '} catch (error) {'],
    [2, `if (attempt >= ${name}) throw error;`],
    [2, warn],
    [2, 'await new Promise((resolve) => setTimeout(resolve, 1000));'],
    [1, '}'],
    [0, '}'],
  ]);
  return { changed: true, note: `When the step fails it is retried ${times}, one second apart; the last error fails it.` };
}

/** Adds `statement` after the step's own statements (before a final return, or the retry loop's break). */
export function appendStatement(code: string, s: MagicString, fn: AnyNode, statement: string): 'added' | 'present' {
  const { inner } = layersOf(fn.body);
  const own: AnyNode[] = inner.body;
  if (own.some((st) => code.slice(st.start, st.end) === statement)) return 'present';
  const last = own.at(-1);
  const anchor = last && ['ReturnStatement', 'BreakStatement', 'ThrowStatement'].includes(last.type) ? last : null;
  const inside = code.slice(inner.start + 1, inner.end - 1);
  if (last && !inside.includes('\n')) {
    // A one-line body (`{ await x.click(); }`) becomes one statement a line.
    const base = indentAt(code, inner.start);
    const lines = anchor ? [statement, inside.trim()] : [inside.trim(), statement];
    s.overwrite(inner.start + 1, inner.end - 1, `\n${lines.map((l) => `${base}  ${l}`).join('\n')}\n${base}`);
    return 'added';
  }
  if (anchor) {
    const from = lineStart(code, anchor.start);
    if (code.slice(from, anchor.start).trim()) s.prependLeft(anchor.start, `${statement} `);
    else s.prependLeft(from, `${indentAt(code, anchor.start)}${statement}\n`);
  } else if (last) {
    s.appendLeft(last.end, `\n${indentAt(code, last.start)}${statement}`);
  } else {
    s.appendLeft(inner.start + 1, `\n${indentAt(code, inner.start)}  ${statement}\n${indentAt(code, inner.end - 1)}`);
  }
  return 'added';
}
