// The bare baseline: read every .feature file of a folder from disk and parse it with @cucumber/gherkin.
// Prints the elapsed milliseconds (module loading excluded) and the number of scenarios found.
import fs from 'node:fs';
import path from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

const root = process.argv[2];
const started = performance.now();
const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
let scenarios = 0;
for (const rel of fs.readdirSync(root, { recursive: true })) {
  if (!rel.endsWith('.feature')) continue;
  const doc = parser.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  for (const child of doc.feature?.children ?? []) if (child.scenario) scenarios++;
}
console.log(JSON.stringify({ ms: performance.now() - started, scenarios }));
