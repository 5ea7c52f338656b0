import type { Run } from '../../db/schema.ts';
import type { ExportCase } from './export-cases.ts';
import { caseOutcome } from './export-shape.ts';

/**
 * A run as JUnit XML, the common layout CI servers read: one <testsuites> with one <testsuite> (the
 * run), a <testcase> per counted test case (classname: the feature, name: the scenario, file: its path), <failure>
 * for a test case that failed (FAILED, UNDEFINED, AMBIGUOUS, PENDING, UNKNOWN: what counts as failed),
 * <skipped/> for a skipped one, and its steps with their statuses in <system-out>. The totals come
 * first (counted by the database), the test cases as they are read.
 */

const PASSING = new Set(['PASSED']);
const SKIPPED = new Set(['SKIPPED']);

/** Characters XML 1.0 cannot hold, even escaped. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value.replace(INVALID_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

const seconds = (ms: number) => (Math.max(ms, 0) / 1000).toFixed(3);

export interface JunitTotals {
  total: number;
  byStatus: Map<string, number>;
  durationMs: number;
}

export async function* junitXml(run: Run, totals: JunitTotals, cases: AsyncIterable<ExportCase>): AsyncGenerator<string> {
  let failures = 0;
  let skipped = 0;
  for (const [status, n] of totals.byStatus) {
    if (SKIPPED.has(status)) skipped += n;
    else if (!PASSING.has(status)) failures += n;
  }
  const name = xmlAttr(run.name);
  const time = seconds(run.execution_time_ms || totals.durationMs);
  const stamp = new Date(run.start_time ?? run.publish_time).toISOString().slice(0, 19);
  const counts = `tests="${totals.total}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}"`;
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" ${counts}>\n`;
  yield `  <testsuite name="${name}" ${counts} timestamp="${stamp}" hostname="stepwise">\n`;
  for await (const c of cases) yield testCase(c);
  yield `  </testsuite>\n</testsuites>\n`;
}

function testCase(c: ExportCase): string {
  const params = Object.entries(c.parameters);
  const name = params.length ? `${c.scenarioName} (${params.map(([k, v]) => `${k}: ${v}`).join(', ')})` : c.scenarioName;
  const steps = caseOutcome(c).steps;
  const out = steps.map((s) => `${`${s.keyword.trim() || s.type} ${s.type === s.keyword.trim() ? '' : s.text}`.trim()}${'.'.repeat(Math.max(3, 76 - s.keyword.length - s.text.length))}${s.result.status.toLowerCase()}`).join('\n');
  let body = '';
  if (SKIPPED.has(c.status)) body = '      <skipped/>\n';
  else if (!PASSING.has(c.status)) {
    const failed = steps.find((s) => s.result.status === c.status && (s.result.message || s.result.errorStack));
    const message = c.errorMessage ?? failed?.result.message ?? c.status;
    const detail = failed?.result.errorStack ?? message;
    body = `      <failure type="${xmlAttr(c.status)}" message="${xmlAttr(message)}">${xmlText(detail)}</failure>\n`;
  }
  if (out) body += `      <system-out>${xmlText(out)}</system-out>\n`;
  const attrs = `classname="${xmlAttr(c.featureName || c.featurePath)}" name="${xmlAttr(name)}" time="${seconds(c.durationMs)}" file="${xmlAttr(c.featurePath)}"`;
  return body ? `    <testcase ${attrs}>\n${body}    </testcase>\n` : `    <testcase ${attrs}/>\n`;
}
