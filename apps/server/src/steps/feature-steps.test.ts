import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, type GherkinDocument, type Scenario, type Step } from '@cucumber/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresAtCommit } from '../workspace/feature-files.ts';
import { cachedFeature } from '../workspace/parse-cache.ts';
import { WorkspaceStore } from '../workspace/workspace-store.ts';
import { parseFeature, readFeatureSteps } from './feature-steps.ts';

const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'workspace', 'test-corpus');
const corpus = (await fs.readdir(corpusDir)).filter((f) => f.endsWith('.feature'));

/** What cucumber-js runs: the standard AST and its pickles (step texts per example row, keyword types). */
function reference(content: string) {
  const newId = IdGenerator.incrementing();
  let doc: GherkinDocument;
  try {
    doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(content);
  } catch {
    return null;
  }
  const texts = new Map<string, string[]>();
  for (const pickle of compile(doc, 'feature', newId)) {
    for (const ps of pickle.steps) {
      const list = texts.get(ps.astNodeIds[0]) ?? [];
      if (!list.includes(ps.text)) list.push(ps.text);
      texts.set(ps.astNodeIds[0], list);
    }
  }
  const out: Array<{ name: string; steps: Array<[string, string, string[], boolean, number]> }> = [];
  const feature = doc.feature;
  const featureBackground = feature?.children.find((c) => c.background)?.background?.steps ?? [];
  const add = (sc: Scenario, ruleBackground: readonly Step[] = []) => {
    const all = [...[...featureBackground, ...ruleBackground].map((s) => ({ s, background: true })), ...sc.steps.map((s) => ({ s, background: false }))];
    let previous = 'Given';
    out.push({
      name: sc.name,
      steps: all.map(({ s, background }) => {
        const type = s.keywordType === 'Context' ? 'Given' : s.keywordType === 'Action' ? 'When' : s.keywordType === 'Outcome' ? 'Then' : previous;
        previous = type;
        return [s.keyword.trim(), type, texts.get(s.id) ?? [s.text], background, s.location.line];
      }),
    });
  };
  for (const child of feature?.children ?? []) {
    if (child.scenario) add(child.scenario);
    const ruleBackground = child.rule?.children.find((c) => c.background)?.background?.steps;
    for (const rc of child.rule?.children ?? []) if (rc.scenario) add(rc.scenario, ruleBackground);
  }
  return out;
}

describe('steps read through the workspace parser', () => {
  it.each(corpus)('%s: same scenarios, keyword types, example texts and backgrounds as cucumber', async (file) => {
    const content = await fs.readFile(path.join(corpusDir, file), 'utf8');
    const expected = reference(content);
    const parsed = parseFeature(content);
    if (!expected) {
      expect(parsed.parseError).toMatch(/^\(\d+:\d+\)/);
      expect(parsed.scenarios).toEqual([]);
      return;
    }
    expect(parsed.parseError).toBeNull();
    expect(parsed.scenarios.map((sc) => ({ name: sc.name, steps: sc.steps.map((s) => [s.keyword, s.keywordType, s.texts, s.background, s.line]) }))).toEqual(expected);
  });

  it('substitutes every example row, header by header, like the pickle compiler', () => {
    const parsed = parseFeature(
      ['Feature: F', '  Scenario Outline: O', '    Given <a> and <b>', '    Examples:', '      | a   | b |', '      | <b> | 2 |', '      | 1   | $ |', '    Examples: none', ''].join('\n'),
    );
    expect(parsed.scenarios[0].steps[0].texts).toEqual(['2 and 2', '1 and $']);
  });

  describe('from a repository', () => {
    let dir: string;
    let store: WorkspaceStore;
    beforeAll(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-feature-steps-'));
      store = new WorkspaceStore(dir);
      await store.create('p1', 'Steps', { name: 'A', email: 'a@example.com' });
    });
    afterAll(() => fs.rm(dir, { recursive: true, force: true }));

    it('uses the features of the shared, blob-id-cached reader: each file parsed once', async () => {
      const head = await store.write('p1', 'main', { name: 'A', email: 'a@example.com' }, 'Add', async () => [
        { path: 'features/a.feature', content: 'Feature: A\n  Scenario: S\n    Given a\n' },
        { path: 'features/sub/b.feature', content: 'Feature: B\n  Scenario: T\n    When b\n' },
        { path: 'features/broken.feature', content: 'Feature: C\n  Scenario: U\n    Given c\n  Nonsense\n' },
      ]);
      const repo = store.repo('p1');
      const { features } = await featuresAtCommit(repo, head);
      const steps = await readFeatureSteps(repo, head);
      expect(steps.map((f) => f.path)).toEqual(features.map((f) => f.path));
      for (const f of features) expect(cachedFeature(f.blobId)).toBe(f.entry);
      expect(steps.find((f) => f.path === 'features/broken.feature')).toMatchObject({ scenarios: [], looseTexts: ['c'] });
      // A second read (any branch, any caller) reuses the same parse results.
      const again = await readFeatureSteps(repo, head);
      again.forEach((f, i) => expect(f.scenarios).toBe(steps[i].scenarios));
    });
  });
});
