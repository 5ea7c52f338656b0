import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GherkinDocument, Scenario } from '@cucumber/messages';
import { parseFeature, parseGherkinDocument } from './gherkin-parse.ts';
import { appendScenarios, removeScenario, renameFeatureTitle, replaceScenario, scenariosOfData, uniquifyNames } from './scenario-edit.ts';

const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-corpus');
const corpus = fs.readdirSync(corpusDir).filter((f) => f.endsWith('.feature')).map((f) => [f, fs.readFileSync(path.join(corpusDir, f), 'utf8')] as const);

/** What parseFeature must report, computed from the standard AST. */
function expected(doc: GherkinDocument) {
  const out: Array<{ name: string; tags: string[]; line: number; rule: string | null; steps: Array<{ keyword: string; text: string; line: number }> }> = [];
  const add = (sc: Scenario, rule: string | null) =>
    out.push({ name: sc.name, tags: sc.tags.map((t) => t.name.slice(1)), line: sc.location.line, rule, steps: sc.steps.map((s) => ({ keyword: s.keyword, text: s.text, line: s.location.line })) });
  for (const c of doc.feature?.children ?? []) {
    if (c.scenario) add(c.scenario, null);
    for (const rc of c.rule?.children ?? []) if (rc.scenario) add(rc.scenario, c.rule!.name);
  }
  return out;
}

describe('parseFeature (lean AST builder) against the standard parser', () => {
  it.each(corpus)('%s: same scenarios, tags, steps, lines and errors', (_name, text) => {
    let doc: GherkinDocument | null = null;
    let error: string | null = null;
    try {
      doc = parseGherkinDocument(text);
    } catch (err) {
      error = (err as { errors?: Error[] }).errors?.[0]?.message ?? String(err);
    }
    const parsed = parseFeature(text);
    if (error) {
      expect(parsed.parseError?.message).toBe(error);
      return;
    }
    expect(parsed.parseError).toBeNull();
    expect(parsed.featureName).toBe(doc!.feature?.name ?? '');
    expect(parsed.scenarios.map(({ name, tags, line, rule, steps }) => ({ name, tags, line, rule, steps }))).toEqual(expected(doc!));
  });
});

const FILE = [
  'Feature: Spans',
  '',
  '  # about A',
  '  @a',
  '  Scenario: A',
  '    Given a',
  '',
  '  Scenario Outline: B <x>',
  '    Given <x>',
  '    Examples:',
  '      | x |',
  '      | 1 |',
  '  # about C, directly above it',
  '  Scenario: C',
  '    Given c',
  '',
  '',
].join('\n');

describe('scenario spans and edits', () => {
  const parsed = parseFeature(FILE);

  it('gives each scenario its comments, tags and examples, without the blank lines around it', () => {
    expect(parsed.scenarios.map((s) => [s.startLine, s.endLine, s.type])).toEqual([[3, 6, 'Scenario'], [8, 12, 'Scenario Outline'], [13, 15, 'Scenario']]);
    expect(parsed.scenarios[0].content).toBe('  # about A\n  @a\n  Scenario: A\n    Given a');
    expect(parsed.scenarios[1].content.endsWith('      | 1 |')).toBe(true);
  });

  it('replaces, removes and appends without touching other bytes', () => {
    expect(replaceScenario(FILE, parsed, 1, '  Scenario: B2\n    Given b\n\n')).toBe(FILE.replace(/ {2}Scenario Outline[^#]*\| 1 \|/, '  Scenario: B2\n    Given b'));
    expect(removeScenario(FILE, parsed, 0)).toBe(FILE.replace('  # about A\n  @a\n  Scenario: A\n    Given a\n\n', ''));
    expect(removeScenario(FILE, parsed, 2)).toBe(FILE.replace('\n  # about C, directly above it\n  Scenario: C\n    Given c', ''));
    expect(appendScenarios('Feature: X\n  Scenario: A\n    Given a', 'Scenario: B\n')).toBe('Feature: X\n  Scenario: A\n    Given a\n\nScenario: B\n');
  });

  it('renames the Feature title in any language and keeps the line break', () => {
    expect(renameFeatureTitle('@t\r\nFeature: Old\r\n', parseFeature('@t\r\nFeature: Old\r\n'), 'New')).toBe('@t\r\nFeature: New\r\n');
    const fr = '# language: fr\nFonctionnalité: Vieux\n';
    expect(renameFeatureTitle(fr, parseFeature(fr), 'Neuf')).toBe('# language: fr\nFonctionnalité: Neuf\n');
  });

  it('makes pushed names unique with a numeric suffix, in the file language', () => {
    const data = '  Scenario: A\n    Given a\n  Scenario: A\n    Given b';
    const pushed = scenariosOfData(data, 'en')!;
    expect(uniquifyNames(data, pushed, ['A', 'a 2']).names).toEqual(['A 3', 'A 4']);
    expect(uniquifyNames(data, pushed, ['A']).data).toBe('  Scenario: A 2\n    Given a\n  Scenario: A 3\n    Given b');
    expect(scenariosOfData('  Scénario: Un\n    Soit x', 'fr')!.map((s) => s.name)).toEqual(['Un']);
    expect(scenariosOfData('  Scenario: X\n    Given a\n    """\n    never closed', 'en')).toBeNull();
  });
});
