import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { report, step, store, testCase } from '../runs-fixtures.ts';

/**
 * Report exports through the real route (GET runs/export with an access key or a session): each format
 * of a run stored by the run store (steps in its rows) and of a run imported as Cucumber messages
 * (steps in its stored report) is imported again through POST runs/upload-report and gives the same
 * counts and statuses; the JUnit XML validates against the JUnit schema; the HTML page carries the run's
 * messages; members only.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const XSD = fs.readFileSync(path.join(HERE, 'test-fixtures/junit.xsd'), 'utf8');
const MESSAGES = fs.readFileSync(path.join(HERE, '../../../../../packages/runner/src/import/fixtures/messages-28.ndjson'));

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let project: string;
let key: string;
let storedRunId: string;
let importedRunId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
  bob = await signUpUser(server.baseUrl, { firstname: 'Bob', lastname: 'Jones' });
  project = await createProject(alice, { name: 'Exports' });
  key = (await createAccessKey(alice, project)).token;
  const hostile = 'a <b> & "c" \u0001 \uD800 end';
  const rep = report([
    testCase('adds an item', 'PASSED'),
    testCase('pays by card', 'FAILED', { steps: [step('I pay', 'PASSED'), step(`the total is ${hostile}`, 'FAILED'), step('I see the receipt', 'SKIPPED')] }),
    testCase('remembers me', 'SKIPPED', { featurePath: 'features/login.feature', featureName: 'Login' }),
    testCase('resets a password', 'PENDING', { featurePath: 'features/login.feature', featureName: 'Login', steps: [step('I ask for a reset', 'PENDING')] }),
    testCase(`names ${hostile}`, 'UNDEFINED', { featurePath: 'features/login.feature', featureName: 'Login', steps: [step('nothing defines this', 'UNDEFINED')] }),
    testCase('has no steps', 'PASSED', { featurePath: 'features/empty.feature', featureName: 'Empty', steps: [] }),
    testCase('did not finish', 'FAILED', { featurePath: 'features/empty.feature', featureName: 'Empty', steps: [] }),
  ]);
  storedRunId = (await store(server.ctx, project, rep)).runId;
  importedRunId = (await upload(MESSAGES, 'ndjson')).runId;
});
afterAll(() => server?.close());

async function upload(body: Buffer | string, format: string): Promise<{ runId: string; totalScenarios: number; scenariosPassed: number; scenariosFailed: number }> {
  const q = new URLSearchParams({ projectId: project, format });
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?${q}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  const answer = (await res.json()) as { runId: string; totalScenarios: number; scenariosPassed: number; scenariosFailed: number };
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

async function exportOf(runId: string, format: string, token = key): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${server.baseUrl}/api/runs/export?${new URLSearchParams({ runId, format })}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** A run's counts and the statuses of its counted test cases (by scenario), as stored. */
async function outcomeOf(runId: string) {
  const run = await server.ctx.db.selectFrom('runs').select(['total_scenarios', 'scenarios_passed', 'scenarios_failed']).where('id', '=', runId).executeTakeFirstOrThrow();
  const rows = await server.ctx.db.selectFrom('test_cases').select(['feature_path', 'scenario_name', 'status']).where('run_id', '=', runId).where('superseded', '=', false).orderBy('position').execute();
  return { counts: run, statuses: rows.map((r) => `${r.feature_path}|${r.scenario_name.replace(/[^\x20-\x7E]/g, '?')}|${r.status}`).sort() };
}

/** The messages the HTML page carries (window.CUCUMBER_MESSAGES, with '<' written as \x3C), as NDJSON. */
function messagesOfHtml(html: string): string {
  const start = html.indexOf('window.CUCUMBER_MESSAGES = [');
  const end = html.indexOf('];\n</script>', start);
  expect(start).toBeGreaterThan(0);
  const list = JSON.parse(`[${html.slice(start + 'window.CUCUMBER_MESSAGES = ['.length, end).replace(/\\x3C/g, '\\u003C')}]`) as unknown[];
  return list.map((m) => JSON.stringify(m)).join('\n');
}

const IMPORT_FORMAT: Record<string, string> = { ndjson: 'ndjson', json: 'cucumber-json', junit: 'junit' };

describe('report exports', () => {
  for (const [which, runOf] of [
    ['a run with its steps in its rows', () => storedRunId],
    ['a run imported as Cucumber messages', () => importedRunId],
  ] as const) {
    for (const format of ['ndjson', 'json', 'junit', 'html']) {
      it(`${which}: ${format} imported again gives the same counts and statuses`, async () => {
        const runId = runOf();
        const file = await exportOf(runId, format);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.(ndjson|json|xml|html)"/);
        const again = format === 'html' ? await upload(messagesOfHtml(file.body), 'ndjson') : await upload(file.body, IMPORT_FORMAT[format]);
        const [before, after] = await Promise.all([outcomeOf(runId), outcomeOf(again.runId)]);
        expect(after.counts).toEqual(before.counts);
        // JUnit has no pending: a pending test case is one that failed (counted so before and after).
        expect(after.statuses).toEqual(format === 'junit' ? before.statuses.map((s) => s.replace(/\|PENDING$/, '|FAILED')) : before.statuses);
      });
    }
  }

  it('the JUnit XML validates against the JUnit schema, with the totals and failures of the run', async () => {
    for (const runId of [storedRunId, importedRunId]) {
      const file = await exportOf(runId, 'junit');
      const result = await validateXML({ xml: { fileName: 'report.xml', contents: file.body }, schema: { fileName: 'junit.xsd', contents: XSD } });
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
    const { body } = await exportOf(storedRunId, 'junit');
    expect(body).toMatch(/<testsuites name="Nightly" tests="7" failures="4" errors="0" skipped="1"/);
    expect(body).toContain('<failure type="PENDING"');
    expect(body).toContain('the total is a &lt;b&gt; &amp; "c" \uFFFD \uFFFD end');
  });

  it('the HTML page is one self-contained file: no script, style or image from elsewhere', async () => {
    const { body, headers } = await exportOf(storedRunId, 'html');
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(body.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(body.trimEnd().endsWith('</html>')).toBe(true);
    expect(body).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']?https?:/i);
    expect(messagesOfHtml(body)).toContain('"name":"pays by card"');
  });

  it('the NDJSON of an imported run is the report as it was uploaded', async () => {
    const { body } = await exportOf(importedRunId, 'ndjson');
    expect(body).toBe(MESSAGES.toString('utf8'));
  });

  it('members only; an unknown run or format is refused with a message', async () => {
    expect((await exportOf(storedRunId, 'json', bob.token)).status).toBe(403);
    expect((await exportOf(storedRunId, 'json', alice.token)).status).toBe(200);
    const unknownRun = await exportOf('no-such-run', 'json');
    expect(unknownRun.status).toBe(404);
    const badFormat = await exportOf(storedRunId, 'pdf');
    expect(badFormat.status).toBe(400);
    expect(JSON.parse(badFormat.body).error).toMatch(/format/i);
    const anonymous = await fetch(`${server.baseUrl}/api/runs/export?runId=${storedRunId}&format=json`);
    expect(anonymous.status).toBe(401);
  });
});
