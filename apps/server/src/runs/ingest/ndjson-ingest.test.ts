import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@cucumber/messages';
import type { ReportStep } from '@stepwise/shared';
import { messagesToReport } from '@stepwise/runner';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { listTestCases } from '../runs.repository.ts';
import { indexKeyOf, readSourceIndex } from './source-index.ts';
import { runRows } from '../run-rows.ts';
// The report the ingest benchmark imports, at a small size: cucumber-js's layout, failures, screenshots.
import { writeIngestReport } from '../../../../../bench/ingest-corpus.mjs';

/**
 * The NDJSON ingest (worker thread, rows as test cases finish, steps built when read) against the
 * report builder itself: for reports of several cucumber implementations and protocol versions, each
 * stored row and each scenario report's steps must be what building the whole report in one go gives.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/runner/src/import/fixtures');

let server: TestServer;
let alice: TestUser;
let project: string;
let key: string;
let tmp: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
  project = await createProject(alice, { name: 'Ingest' });
  key = (await createAccessKey(alice, project)).token;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-ingest-'));
});
afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Uploads a report in pieces of `piece` bytes (lines and characters cut anywhere), without a length
 * (the server's buffer grows); with `piece` 0, at once with its Content-Length (a buffer of its size).
 */
async function upload(bytes: Buffer, piece: number): Promise<{ status: number; body: any }> {
  const body = piece === 0 ? new Uint8Array(bytes) : new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += piece) controller.enqueue(new Uint8Array(bytes.subarray(at, at + piece)));
      controller.close();
    },
  });
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${project}&name=Equivalence&format=ndjson`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: await res.json() };
}

async function testCaseSteps(testCaseId: string): Promise<ReportStep[]> {
  const res = await fetch(`${server.baseUrl}/api/runs/cucumber-runs/get-testcase?testCaseId=${testCaseId}`, { headers: { authorization: `Bearer ${alice.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { testCase: { steps: ReportStep[] } }).testCase.steps;
}

/** Steps with attachment ids replaced (the builder numbers them; the ingest names their place in the report). */
/** Steps with ids made equal, and without the AI reasoning the report adds from a failure's root-cause analysis (made after the import, see ai/rca/imported-analyses.test.ts). */
function withoutIds(steps: ReportStep[]): unknown {
  return JSON.parse(JSON.stringify(steps), (k, v) => (k === 'evaluation' ? undefined : (k === 'screenshotId' || k === 'id') && typeof v === 'string' ? 'ID' : v));
}

async function expectSameAsBuilder(bytes: Buffer, piece: number): Promise<void> {
  for (const way of [piece, 0]) await expectRunAsBuilder(bytes, way);
}

async function expectRunAsBuilder(bytes: Buffer, piece: number): Promise<void> {
  const res = await upload(bytes, piece);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const envelopes = bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Envelope);
  const { report } = await messagesToReport(envelopes, { name: 'Equivalence', mode: 'local', username: 'Alice Smith' });
  const { testCases, ...header } = report;
  const expected = runRows({ runId: 'r', projectId: project, report: header, testCases, type: 'local', userId: alice.userId, username: 'Alice Smith', newId: () => 'id' });

  const run = await server.ctx.db.selectFrom('runs').selectAll().where('id', '=', res.body.runId).executeTakeFirstOrThrow();
  expect(run).toMatchObject({
    total_scenarios: expected.counts.totalScenarios,
    scenarios_passed: expected.counts.scenariosPassed,
    scenarios_failed: expected.counts.scenariosFailed,
    status: expected.status,
    errors: JSON.parse(expected.run.errors as string),
    start_time: expected.run.start_time,
    end_time: expected.run.end_time,
    execution_time_ms: expected.run.execution_time_ms,
  });
  const rows = await listTestCases(server.ctx.db, res.body.runId);
  expect(rows).toHaveLength(expected.cases.length);
  const fields = ['report_case_id', 'scenario_name', 'feature_name', 'feature_path', 'line', 'status', 'failed_step', 'error_message', 'attempt', 'superseded', 'scenario_key', 'worker_id', 'failed_step_keyword', 'failed_step_text', 'duration_ms'] as const;
  rows.forEach((row, i) => {
    const want = expected.cases[i];
    for (const f of fields) expect(row[f], `${f} of test case ${i}`).toEqual(want[f] ?? null);
    expect(row.tags).toEqual(JSON.parse(want.tags as string));
    expect(row.parameters).toEqual(JSON.parse(want.parameters as string));
    expect(row.start_time).toEqual(want.start_time);
    expect(row.end_time).toEqual(want.end_time);
    expect(row.position).toBe(i);
    expect(row.steps).toEqual([]);
    // Row ids are time-ordered UUIDs (version 7): a run's rows go to the end of the primary key.
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A rerun names the row of the attempt it reran.
    const rerunOf = testCases[i].rerunId;
    expect(row.rerun_id).toBe(rerunOf ? rows[testCases.findIndex((t) => t.id === rerunOf)].id : null);
  });
  for (let i = 0; i < rows.length; i += Math.max(1, Math.floor(rows.length / 25))) {
    expect(withoutIds(await testCaseSteps(rows[i].id)), `steps of test case ${i}`).toEqual(withoutIds(testCases[i].steps));
  }
}

describe('NDJSON ingest agrees with the report builder', () => {
  for (const name of ['cucumber-jvm-7.ndjson', 'messages-13.ndjson', 'messages-28.ndjson']) {
    it(`on ${name}, sent in pieces of 7 bytes, and at once`, async () => {
      await expectSameAsBuilder(fs.readFileSync(path.join(FIXTURES, name)), 7);
    });
  }

  it('on a cucumber-js run of 1,500 test cases (failures, skipped and undefined steps, screenshots), larger than the first buffer', async () => {
    const file = path.join(tmp, 'corpus.ndjson');
    const counts = writeIngestReport(file, { features: 30, scenariosPerFeature: 50 });
    expect(counts.bytes).toBeGreaterThan(4 * 1024 * 1024);
    await expectSameAsBuilder(fs.readFileSync(file), 65_536);
    // A test case's events follow one another: the index keeps them as one range of lines, beside
    // its document, pickle and test case.
    const res = await upload(fs.readFileSync(file), 0);
    const run = await server.ctx.db.selectFrom('runs').selectAll().where('id', '=', res.body.runId).executeTakeFirstOrThrow();
    for (const position of [0, 700, 1499]) expect(await readSourceIndex(server.ctx.blobs, indexKeyOf(run.source_key!), position)).toHaveLength(8);
    // A 4 MB report through the builder twice and one import: several seconds on a busy 2-core machine.
  }, 120_000);

  it('on a run that stopped in the middle of a test case (its started step failed, the rest skipped, the run failed)', async () => {
    const file = path.join(tmp, 'stopped.ndjson');
    writeIngestReport(file, { features: 2, scenariosPerFeature: 5 });
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const lastStart = lines.findLastIndex((l) => l.startsWith('{"testCaseStarted"'));
    const secondStep = lines.findIndex((l, i) => i > lastStart && l.startsWith('{"testStepStarted"') && lines.slice(lastStart + 1, i).some((m) => m.startsWith('{"testStepStarted"')));
    await expectSameAsBuilder(Buffer.from(`${lines.slice(0, secondStep + 1).join('\n')}\n`), 4096);
  });

  it('on a run of parallel workers, whose test cases\' events interleave (more at once than the cases it matches by bytes first)', async () => {
    const file = path.join(tmp, 'parallel.ndjson');
    writeIngestReport(file, { features: 3, scenariosPerFeature: 20 });
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const first = lines.findIndex((l) => l.startsWith('{"testCaseStarted"'));
    const last = lines.findLastIndex((l) => l.startsWith('{"testCaseFinished"'));
    // Each test case's messages, from its start to its end (the definitions among them apart: they stay ahead).
    const cases: Array<{ events: string[]; definitions: string[] }> = [];
    for (const line of lines.slice(first, last + 1)) {
      if (line.startsWith('{"testCaseStarted"')) cases.push({ events: [], definitions: [] });
      const c = cases[cases.length - 1];
      (/^\{"(testCaseStarted|testStep|testCaseFinished|attachment)/.test(line) ? c.events : c.definitions).push(line);
    }
    // Seven workers: a message of each running test case in turn.
    const interleaved: string[] = [];
    for (let at = 0; at < cases.length; at += 7) {
      const group = cases.slice(at, at + 7).map((c) => c.events);
      for (const c of cases.slice(at, at + 7)) interleaved.push(...c.definitions);
      for (let k = 0; group.some((c) => k < c.length); k++) for (const c of group) if (k < c.length) interleaved.push(c[k]);
    }
    expect(interleaved).toHaveLength(last + 1 - first);
    await expectSameAsBuilder(Buffer.from(`${[...lines.slice(0, first), ...interleaved, ...lines.slice(last + 1)].join('\n')}\n`), 8192);
  });

  it('on a report that says a test case finished twice, with a step event between (one row, made at the first end)', async () => {
    const file = path.join(tmp, 'twice.ndjson');
    writeIngestReport(file, { features: 1, scenariosPerFeature: 3 });
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const finished = lines.findIndex((l) => l.startsWith('{"testCaseFinished"'));
    const step = lines.findLastIndex((l, i) => i < finished && l.startsWith('{"testStepFinished"'));
    const again = [...lines.slice(0, finished + 1), lines[step], lines[finished], ...lines.slice(finished + 1)];
    const res = await upload(Buffer.from(`${again.join('\n')}\n`), 0);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await listTestCases(server.ctx.db, res.body.runId);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2]);
    await expectRunAsBuilder(Buffer.from(`${lines.join('\n')}\n`), 0);
    const plain = await listTestCases(server.ctx.db, (await upload(Buffer.from(`${lines.join('\n')}\n`), 0)).body.runId);
    expect(rows.map((r) => [r.status, r.error_message, r.duration_ms])).toEqual(plain.map((r) => [r.status, r.error_message, r.duration_ms]));
  });

  it("on a report whose documents come first and whose pickles alternate between features", async () => {
    const file = path.join(tmp, 'definitions-order.ndjson');
    writeIngestReport(file, { features: 3, scenariosPerFeature: 4 });
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const of = (type: string) => lines.filter((l) => l.startsWith(`{"${type}"`));
    const pickles = of('pickle');
    // Pickles of one feature after another's in turn: 0, 4, 8, 1, 5, 9, ...
    const alternating = pickles.map((_, i) => pickles[(i % 3) * 4 + Math.floor(i / 3)]);
    const first = lines.findIndex((l) => /^\{"(source|gherkinDocument|pickle)"/.test(l));
    const rest = lines.slice(first).filter((l) => !/^\{"(source|gherkinDocument|pickle)"/.test(l));
    const reordered = [...lines.slice(0, first), ...of('source'), ...of('gherkinDocument'), ...alternating, ...rest];
    expect(reordered).toHaveLength(lines.length);
    await expectSameAsBuilder(Buffer.from(`${reordered.join('\n')}\n`), 0);
  });

  it('on a report with Windows line ends, blank lines and messages in another key order', async () => {
    const lines = fs
      .readFileSync(path.join(FIXTURES, 'messages-28.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        const e = JSON.parse(l) as Record<string, Record<string, unknown>>;
        // Keys reversed: the fields are read wherever they are.
        const [type] = Object.keys(e);
        return JSON.stringify({ [type]: Object.fromEntries(Object.entries(e[type]).reverse()) });
      });
    await expectSameAsBuilder(Buffer.from(`\r\n${lines.join('\r\n\r\n')}\r\n`), 100);
  });

  it('on step results of every shape: an exception with or without a message, escapes, null, empty texts', async () => {
    const file = path.join(tmp, 'results.ndjson');
    writeIngestReport(file, { features: 2, scenariosPerFeature: 40 });
    const shapes: Array<Record<string, unknown>> = [
      { exception: { type: 'AssertionError', message: 'expected "a"\nbut got "b"' } },
      { message: 'line one\n\tline "two" \u00e9', exception: { type: 'Error' } },
      { message: null, exception: { type: 'Error', message: null } },
      { message: '', exception: { type: 'Error', message: 'only the exception' } },
      { message: 'plain', exception: null },
      { message: '' },
      { message: 'Ünïcode first line\nsecond' },
    ];
    let n = 0;
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        const e = JSON.parse(l) as { testStepFinished?: { testStepResult: Record<string, unknown> } };
        const r = e.testStepFinished?.testStepResult;
        if (!r || r.status === 'PASSED' || r.status === 'SKIPPED') return l;
        const { message: _m, exception: _e, ...rest } = r;
        e.testStepFinished!.testStepResult = { ...rest, ...shapes[n++ % shapes.length] };
        return JSON.stringify(e);
      });
    expect(n).toBeGreaterThanOrEqual(shapes.length);
    await expectSameAsBuilder(Buffer.from(`${lines.join('\n')}\n`), 4096);
  });
});

describe('NDJSON ingest names failed steps as the report builder does', () => {
  it('on ambiguous steps (their step definitions named), in test cases and pickles of other key orders, odd shapes and ids with escapes', async () => {
    const file = path.join(tmp, 'ambiguous.ndjson');
    writeIngestReport(file, { features: 2, scenariosPerFeature: 12 });
    const envelopes = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Envelope);
    // In every third test case, its second step matched two step definitions (and the third, three).
    const ambiguous = new Set<string>();
    let k = 0;
    for (const e of envelopes) {
      if (!e.testCase) continue;
      if (k++ % 3 !== 0) continue;
      const [first, second] = e.testCase.testSteps.filter((ts) => ts.pickleStepId);
      first.stepDefinitionIds = ['1', '2'];
      second.stepDefinitionIds = ['1', '2', '3'];
      ambiguous.add(first.id);
      // Some test cases list their steps' keys in another order, or give a step a null hook id (parsed then).
      if (k % 2 === 0) e.testCase.testSteps = e.testCase.testSteps.map((ts) => Object.fromEntries(Object.entries(ts).reverse()) as typeof ts);
      if (k % 5 === 0) (second as unknown as Record<string, unknown>).hookId = null;
    }
    expect(ambiguous.size).toBeGreaterThanOrEqual(8);
    for (const e of envelopes) {
      const f = e.testStepFinished;
      if (f && ambiguous.has(f.testStepId)) f.testStepResult = { ...f.testStepResult, status: 'AMBIGUOUS' as never, message: undefined, exception: undefined };
      // Pickles with their steps' keys reversed.
      if (e.pickle && Number(e.pickle.id) % 2 === 0) e.pickle.steps = e.pickle.steps.map((ps) => Object.fromEntries(Object.entries(ps).reverse()) as typeof ps);
    }
    // Some test cases spell their steps' ids with escapes (\u0030 for 0, ...), the events as they are.
    let escaped = 0;
    const text = envelopes
      .map((e) => {
        const line = JSON.stringify(e);
        if (!e.testCase || Number(e.testCase.id) % 4 !== 0) return line;
        escaped++;
        return line.replace(/"id":"(\d+)"/g, (_, id: string) => `"id":"${[...id].map((d) => `\\u003${d}`).join('')}"`);
      })
      .join('\n');
    expect(escaped).toBeGreaterThan(3);
    const bytes = Buffer.from(`${text}\n`);
    await expectSameAsBuilder(bytes, 4096);
    const res = await upload(bytes, 0);
    const rows = await listTestCases(server.ctx.db, res.body.runId);
    const named = rows.filter((r) => r.error_message?.startsWith('Ambiguous step: '));
    expect(named.length).toBe(ambiguous.size);
    expect(named[0].error_message).toMatch(/^Ambiguous step: ".+" matches several step definitions \(steps\/auth\.mjs:12, steps\/navigation\.mjs:8\)$/);
  });
});

describe('NDJSON upload buffers', () => {
  it("reads a report kept in a longer upload's buffer to its own end only", async () => {
    const longer = path.join(tmp, 'longer.ndjson');
    const shorter = path.join(tmp, 'shorter.ndjson');
    writeIngestReport(longer, { features: 4, scenariosPerFeature: 25 });
    writeIngestReport(shorter, { features: 3, scenariosPerFeature: 25 });
    const [a, b] = [fs.readFileSync(longer), fs.readFileSync(shorter)];
    // The second upload is served with the first one's buffer, whose last quarter still holds the first report.
    expect(b.length).toBeGreaterThan(a.length / 2);
    expect(b.length).toBeLessThan(a.length);
    expect((await upload(a, 0)).status).toBe(200);
    await expectRunAsBuilder(b, 0);
  });
});

describe('NDJSON imports side by side, and one whose client goes away', () => {
  it('imports three reports at once, each its own run', async () => {
    const file = path.join(tmp, 'side.ndjson');
    writeIngestReport(file, { features: 4, scenariosPerFeature: 25 });
    const bytes = fs.readFileSync(file);
    const answers = await Promise.all([upload(bytes, 32_768), upload(bytes, 4096), upload(bytes, 65_536)]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.runId)).size).toBe(3);
    for (const a of answers) expect((await listTestCases(server.ctx.db, a.body.runId)).length).toBe(100);
  });

  it('stores nothing of an upload cut off by its client', async () => {
    const runs = async () => Number((await server.ctx.db.selectFrom('runs').select((eb) => eb.fn.countAll().as('n')).where('project_id', '=', project).executeTakeFirstOrThrow()).n);
    const folders = () => {
      const dir = path.join(server.ctx.config.dataDir, 'blobs', 'runs', project);
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    };
    const tmpFiles = () => {
      const dir = path.join(server.ctx.config.dataDir, 'blobs', '.tmp');
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    };
    const before = { runs: await runs(), folders: folders(), tmp: tmpFiles() };
    const file = path.join(tmp, 'cut.ndjson');
    writeIngestReport(file, { features: 4, scenariosPerFeature: 25 });
    const bytes = fs.readFileSync(file);
    const aborter = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= bytes.length / 2) {
          aborter.abort();
          return;
        }
        controller.enqueue(new Uint8Array(bytes.subarray(sent, sent + 16_384)));
        sent += 16_384;
        await new Promise((r) => setTimeout(r, 2));
      },
    });
    await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${project}&format=ndjson`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      body,
      duplex: 'half',
      signal: aborter.signal,
    } as RequestInit).catch(() => null);
    // The server notices the closed connection; nothing of the import is left.
    await expect.poll(() => folders(), { timeout: 10_000 }).toEqual(before.folders);
    // The stored report was being written (a temporary file) and is gone again.
    await expect.poll(() => tmpFiles(), { timeout: 10_000 }).toEqual(before.tmp);
    expect(await runs()).toBe(before.runs);

    // The same with a Content-Length (the server's buffer made at that size), the client gone at half.
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.baseUrl}/api/runs/upload-report?projectId=${project}&format=ndjson`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson', 'content-length': String(bytes.length) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => req.destroy(), 200));
    });
    await expect.poll(() => folders(), { timeout: 10_000 }).toEqual(before.folders);
    await expect.poll(() => tmpFiles(), { timeout: 10_000 }).toEqual(before.tmp);
    expect(await runs()).toBe(before.runs);
    // And the server still imports.
    const after = await upload(bytes, 0);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });
});
