import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../test/assertions.ts';
import { parseGherkinDocument } from './gherkin-parse.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-corpus');
const corpus = fs.readdirSync(corpusDir).filter((f) => f.endsWith('.feature')).sort();
const original = (name: string) => fs.readFileSync(path.join(corpusDir, name), 'utf8');
const UNPARSABLE = ['12-unparsable.feature', '31-unparsable-late-background.feature'];

/** The Gherkin document without ids (they are counters of one parse), or the parse error text. */
function ast(text: string): unknown {
  try {
    return JSON.parse(JSON.stringify(parseGherkinDocument(text), (key, value) => (key === 'id' ? undefined : value)));
  } catch (err) {
    return { error: (err as Error).message };
  }
}

interface Node {
  name: string;
  isFolder: boolean;
  content?: string;
  children?: Node[];
  parseError?: { line: number | null } | null;
  scenarios?: Array<{ content: string }>;
}

let ws: Workspace;
const listed = new Map<string, Node>();
beforeAll(async () => {
  ws = await startWorkspace('Corpus');
  expectOk(await ws.call('create-folder', { parentPath: '', name: 'corpus' }));
  await ws.server.ctx.workspaces.write(ws.projectId, 'main', { name: 'Corpus', email: 'corpus@example.com' }, 'Import the corpus', async () =>
    corpus.map((name) => ({ path: `features/corpus/${name}`, content: original(name) })),
  );
  const res = await ws.call('get-feature-list');
  for (const node of (res.body.foldersAndFeatures as Node[])[0].children!) listed.set(node.name, node);
});
afterAll(() => ws.server.close());

describe('Gherkin round-trip over the test corpus', () => {
  it('has at least 30 varied files, two of which do not parse', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(corpus.filter((f) => original(f).includes('\r\n'))).toEqual(['11-crlf.feature']);
  });

  it.each(corpus)('%s is listed and opens with its exact content', (name) => {
    const node = listed.get(name)!;
    expect(node).toBeDefined();
    expect(node.content).toBe(original(name));
    if (UNPARSABLE.includes(name)) expect(node.parseError?.line).toBeGreaterThan(0);
    else expect(node.parseError).toBeNull();
  });

  it.each(corpus)('%s saved unchanged (whole file) stays byte for byte the same and parses to the same AST', async (name) => {
    const node = listed.get(name)!;
    const res = await ws.call('push-scenario', { name, parentPath: 'corpus', data: node.content, replaceFile: true });
    expectOk(res);
    const saved = ws.show(`features/corpus/${name}`)!;
    expect(saved).toBe(original(name));
    expect(ast(saved)).toEqual(ast(original(name)));
  });

  it.each(corpus.filter((f) => !UNPARSABLE.includes(f)))('%s: every scenario saved unchanged leaves the file as it was', async (name) => {
    const scenarios = listed.get(name)!.scenarios!;
    for (const [i, sc] of scenarios.entries()) {
      expectOk(await ws.call('push-scenario', { name, parentPath: 'corpus', scenarioIndex: i, data: sc.content }));
    }
    const saved = ws.show(`features/corpus/${name}`)!;
    expect(saved).toBe(original(name));
    expect(ast(saved)).toEqual(ast(original(name)));
  });

  it('made no commit for saves that changed nothing', () => {
    expect(ws.log()[0]).toBe('Import the corpus');
  });
});
