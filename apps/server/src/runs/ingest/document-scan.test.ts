import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GherkinDocument } from '@cucumber/messages';
import { indexGherkinDocument, type DocumentIndex, type RowNode } from '@stepwise/runner/report-model';
import { DocumentScanner } from './document-scan.ts';
import { writeIngestReport } from '../../../../../bench/ingest-corpus.mjs';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/runner/src/import/fixtures');

/** Scans a document line and checks that it answers what indexing the parsed document gives. */
function expectAsIndex(line: string): void {
  const doc = (JSON.parse(line) as { gherkinDocument: GherkinDocument }).gherkinDocument;
  const index: DocumentIndex = { stepNodes: new Map(), scenarioLines: new Map(), rowNodes: new Map() };
  const name = indexGherkinDocument(doc, index);

  // Bytes before and after the line: the scanner reads its range only.
  const bytes = Buffer.from(`{"x":1}\n${line}\n{"y":2}`, 'utf8');
  const start = Buffer.byteLength('{"x":1}\n');
  const scanner = new DocumentScanner();
  const rows = new Map<string, RowNode>();
  const read = scanner.read(bytes, start, start + Buffer.byteLength(line), rows);
  expect(read).not.toBeNull();
  expect(read!.uri).toBe(name === null ? null : doc.uri);
  if (name === null) return;
  expect(read!.doc.name).toBe(name);
  expect(index.stepNodes.size).toBeGreaterThan(0);
  for (const [id, node] of index.stepNodes) expect(scanner.step(bytes, read!.doc, id), id).toEqual(node);
  for (const [id, lineNo] of index.scenarioLines) expect(scanner.scenarioLine(bytes, read!.doc, id)).toBe(lineNo);
  expect(rows).toEqual(index.rowNodes);
  expect(scanner.step(bytes, read!.doc, 'no such id')).toBeUndefined();
  expect(scanner.scenarioLine(bytes, read!.doc, 'no such id')).toBeUndefined();
}

function documentLines(text: string): string[] {
  return text.split('\n').filter((l) => l.startsWith('{"gherkinDocument"'));
}

const location = (line: number) => ({ line, column: 3 });
const step = (id: string, keyword: string, keywordType: string, line: number) => ({ id, keyword, keywordType, location: location(line), text: `step ${id}` });

describe('Gherkin documents read by the scanner', () => {
  it('answer what the index of the parsed document gives, for the documents of three cucumber implementations', () => {
    const lines = ['messages-13.ndjson', 'messages-28.ndjson', 'cucumber-jvm-7.ndjson'].flatMap((f) => documentLines(fs.readFileSync(path.join(FIXTURES, f), 'utf8')));
    expect(lines.length).toBe(3);
    for (const line of lines) expectAsIndex(line);
  });

  it('answer what the index gives for the benchmark corpus', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-docscan-')), 'r.ndjson');
    writeIngestReport(file, { features: 3, scenariosPerFeature: 4 });
    const lines = documentLines(fs.readFileSync(file, 'utf8'));
    expect(lines.length).toBe(3);
    for (const line of lines) expectAsIndex(line);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('read rules, backgrounds, outlines, escapes, other scripts and any key order', () => {
    const doc = {
      gherkinDocument: {
        comments: [],
        feature: {
          children: [
            { background: { id: 'b', keyword: 'Background', location: location(3), name: '', steps: [step('b1', 'Given ', 'Context', 4)] } },
            {
              rule: {
                children: [
                  { background: { id: 'rb', location: location(7), steps: [step('rb1', '* ', 'Unknown', 8)] } },
                  { scenario: { steps: [step('r1', 'Étant donné ', 'Context', 10), step('r2', 'Et "quoted" \\ ', 'Conjunction', 11)], location: location(9), id: 'rs' } },
                ],
                id: 'rule',
                location: location(6),
              },
            },
            {
              scenario: {
                id: 'outline',
                location: location(13),
                steps: [{ keywordType: 'Action', text: 'no line', id: 'ö-1', keyword: 'When ' }, step('o2', 'Then ', 'Outcome', 15)],
                examples: [
                  {
                    tableBody: [
                      { cells: [{ value: '1' }, { value: 'a\tb' }], id: 'row1', location: location(19) },
                      { id: 'row2', location: location(20), cells: [{ value: '2' }] },
                    ],
                    tableHeader: { cells: [{ value: 'n' }, { value: 'name' }], id: 'h', location: location(18) },
                  },
                  { id: 'ex2', tableHeader: { cells: [{ value: 'x' }] }, tableBody: [{ id: 'row3', cells: [{ value: 'é' }] }] },
                ],
              },
            },
            { scenario: { id: 'no-location', steps: [step('n1', 'Given ', 'Context', 23)] } },
          ],
          name: 'Fé\u00e9ture "one"',
          keyword: 'Feature',
        },
        uri: 'features/one.feature',
      },
    };
    const line = JSON.stringify(doc);
    expectAsIndex(line);
    // The same with escaped keys and values, and spaces between tokens.
    expectAsIndex(JSON.stringify(doc, null, 1).replaceAll('\n', ' ').replaceAll('"keyword"', '"\\u006beyword"').replaceAll('"b1"', '"\\u0062\\u0031"'));
  });

  it('answer a document without a feature, or without a uri, as the index skips it', () => {
    expectAsIndex(JSON.stringify({ gherkinDocument: { uri: 'features/empty.feature', comments: [] } }));
    expectAsIndex(JSON.stringify({ gherkinDocument: { feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [step('x', 'Given ', 'Context', 2)] } }] } } }));
  });

  it('leave documents of unusual kinds to JSON.parse, and keep nothing of them', () => {
    const scanner = new DocumentScanner();
    const rows = new Map<string, RowNode>();
    const odd = [
      { gherkinDocument: { uri: 7, feature: { name: 'F', children: [] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 1, children: [] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [{ id: 3, keyword: 'Given ' }] } }] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [{ id: 'a', keyword: ['Given '] }] } }] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: { line: 1.5 }, steps: [] } }] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [], examples: [{ tableHeader: { cells: [{}] }, tableBody: [{ id: 'r', cells: [] }] }] } }] } } },
      { gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [], examples: [{ tableBody: [{ cells: [] }] }] } }] } } },
    ];
    for (const doc of odd) {
      const bytes = Buffer.from(JSON.stringify(doc));
      expect(scanner.read(bytes, 0, bytes.length, rows), JSON.stringify(doc)).toBeNull();
    }
    // Not strict JSON.
    const bad = Buffer.from('{"gherkinDocument":{"uri":"u",}}');
    expect(scanner.read(bad, 0, bad.length, rows)).toBeNull();
    expect(rows.size).toBe(0);
    // A good document after them starts from an empty store.
    const good = Buffer.from(JSON.stringify({ gherkinDocument: { uri: 'u', feature: { name: 'F', children: [{ scenario: { id: 's', location: location(1), steps: [step('a', 'Given ', 'Context', 2)] } }] } } }));
    const read = scanner.read(good, 0, good.length, rows)!;
    expect(read.doc.steps).toEqual([0, 1]);
    expect(read.doc.scenarios).toEqual([0, 1]);
    expect(scanner.step(good, read.doc, 'a')).toEqual({ keyword: 'Given', keywordType: 'Context', line: 2 });
  });
});
