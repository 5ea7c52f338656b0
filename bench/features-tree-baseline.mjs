// The bare baseline: read every .feature file of a folder from disk and parse it with @cucumber/gherkin.
// Prints the elapsed milliseconds and CPU milliseconds (module loading excluded) and the number of scenarios found.
import fs from 'node:fs';
import path from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

const root = process.argv[2];
const cpu0 = process.cpuUsage();
const started = performance.now();
const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
let scenarios = 0;
for (const rel of fs.readdirSync(root, { recursive: true })) {
  if (!rel.endsWith('.feature')) continue;
  const doc = parser.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  for (const child of doc.feature?.children ?? []) if (child.scenario) scenarios++;
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, scenarios }));
