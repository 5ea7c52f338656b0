import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { junkString, junkValue } from './junk-values.ts';

/**
 * Report files for fuzzing the report upload: the importers' own fixtures (Cucumber messages, Cucumber
 * JSON, JUnit XML) with a few values replaced by junk, cut short, or replaced by random bytes.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/runner/src/import/fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const NDJSON = ['messages-13.ndjson', 'messages-28.ndjson', 'cucumber-jvm-7.ndjson'].map(read);
const CUCUMBER_JSON = ['cucumber-js.json', 'cucumber-jvm.json'].map(read);
const JUNIT = ['junit-cucumber-jvm.xml', 'junit-surefire.xml'].map(read);

/** Every place of a value in a parsed JSON value: its container and key. */
function places(root: unknown): Array<[Record<string, unknown> | unknown[], string | number]> {
  const out: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const stack = [root];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        out.push([v, i]);
        stack.push(item);
      });
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        out.push([v as Record<string, unknown>, k]);
        stack.push(item);
      }
    }
  }
  return out;
}

/** The value with junk at `count` places picked by `picks`. */
function mutateJson(value: unknown, picks: number[], junk: unknown[]): unknown {
  picks.forEach((pick, i) => {
    const all = places(value);
    if (all.length === 0) return;
    const [container, key] = all[pick % all.length];
    (container as Record<string | number, unknown>)[key] = junk[i];
  });
  return value;
}

const escapeXml = (s: string) => s.replace(/[<&"]/g, (c) => ({ '<': '&lt;', '&': '&amp;', '"': '&quot;' })[c]!);

const mutations = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), fc.array(junkValue, { minLength: 3, maxLength: 3 }));

const ndjson = fc.tuple(fc.constantFrom(...NDJSON), fc.nat(), mutations).map(([text, line, [picks, junk]]) => {
  const lines = text.split('\n').filter(Boolean);
  const i = line % lines.length;
  lines[i] = JSON.stringify(mutateJson(JSON.parse(lines[i]), picks, junk));
  return { body: lines.join('\n'), format: 'ndjson' };
});

const cucumberJson = fc.tuple(fc.constantFrom(...CUCUMBER_JSON), mutations).map(([text, [picks, junk]]) => ({
  body: JSON.stringify(mutateJson(JSON.parse(text), picks, junk)),
  format: 'cucumber-json',
}));

const junit = fc.tuple(fc.constantFrom(...JUNIT), fc.array(fc.tuple(fc.nat(), junkString, fc.boolean()), { minLength: 1, maxLength: 3 })).map(([text, edits]) => {
  let xml = text;
  for (const [pick, value, escaped] of edits) {
    const attributes = [...xml.matchAll(/="([^"]*)"/g)];
    const m = attributes[pick % attributes.length];
    xml = `${xml.slice(0, m.index! + 2)}${escaped ? escapeXml(value) : value}${xml.slice(m.index! + m[0].length - 1)}`;
  }
  return { body: xml, format: 'junit' };
});

const anyFixture = fc.constantFrom(...NDJSON, ...CUCUMBER_JSON, ...JUNIT);

/** A report to upload: its text (or bytes) and the format to name in the query (undefined: detected). */
export const reportUpload: fc.Arbitrary<{ body: string | Uint8Array; format: string | undefined }> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: ndjson },
      { weight: 3, arbitrary: cucumberJson },
      { weight: 3, arbitrary: junit },
      { weight: 1, arbitrary: fc.tuple(anyFixture, fc.nat()).map(([text, at]) => ({ body: text.slice(0, at % text.length), format: undefined })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((body) => ({ body, format: undefined })) },
    ),
    fc.constantFrom<string | undefined>(undefined, undefined, 'ndjson', 'cucumber-json', 'junit', 'xml'),
    fc.boolean(),
  )
  .map(([report, format, sayIt]) => ({ body: report.body, format: sayIt ? report.format : format }));
