// What failed, named: read from the vitest and Playwright JSON reports, printed at the end of `npm test`
// (CI shows the end of a long log; a failure printed once, mid-log, beside another stage, is easy to miss).
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './lib.mjs';

const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).trim().split('\n')[0].slice(0, 300);

/**
 * A vitest JSON report's failures: each failed test, and each failed file none of whose tests failed
 * (an error in a hook or at import, its tests then skipped).
 */
export function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) out.push(`${name}: ${firstLine(file.message) || 'failed outside its tests (a hook or the file itself)'}`);
  }
  return out;
}

/** A Playwright JSON report's tests that failed, those that passed only on a retry (marked so), and its errors of no test. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        const where = [...titles.filter(Boolean), spec.title].join(' › ');
        out.push(`${test.status === 'flaky' ? '(flaky, passed on retry) ' : ''}${spec.file}:${spec.line} › ${where}: ${firstLine(error)}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors of no test: the web server that did not start, a global setup.
  for (const e of report.errors ?? []) out.push(`(outside the tests) ${firstLine(e.message)}`);
  return out;
}
