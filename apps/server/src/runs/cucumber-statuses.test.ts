import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@cucumber/messages';
import { messagesToReport } from '@stepwise/runner';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { listTestCases } from './runs.repository.ts';

/**
 * Test case statuses as cucumber-js decides them, on runs (the runner's report builder) and on imports
 * (Cucumber messages through the ingest, Cucumber JSON through its converter): real cucumber-js runs the
 * fixture features (hooks that fail, are skipped or pending; scenarios without steps; a Background
 * with scenarios that have no steps of their own), and its own summary and per-test-case results are
 * what our statuses must equal.
 */
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures/cucumber-statuses');
// The package's own command (its package.json names the file; the exports map does not).
const CUCUMBER_BIN = path.join(path.dirname(fileURLToPath(import.meta.resolve('@cucumber/cucumber/package.json'))), 'bin/cucumber.js');
const run = promisify(execFile);

interface CucumberOutcome {
  /** Per test case (`uri|name`): cucumber-js's worst test step result (UNKNOWN: no step results). */
  statuses: Map<string, string>;
  /** cucumber-js's summary of scenarios by status, as it prints it: { passed: 4, failed: 3, ... }. */
  summary: Record<string, number>;
  ndjson: string;
  json: string;
}

let server: TestServer;
let alice: TestUser;
let project: string;
let key: string;
let outcome: CucumberOutcome;
let dir: string;

async function runCucumber(): Promise<CucumberOutcome> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cucumber-statuses-'));
  const out = (name: string) => path.join(dir, name);
  // Exit code 1: the fixtures fail on purpose.
  const { stdout } = await run(
    process.execPath,
    [CUCUMBER_BIN, '--import', 'steps/*.mjs', '--format', 'summary', '--format', `./status-formatter.mjs:${out('statuses.json')}`, '--format', `message:${out('messages.ndjson')}`, '--format', `json:${out('cucumber.json')}`, 'features'],
    { cwd: FIXTURE, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  ).catch((err: { stdout?: string; code?: number }) => {
    if (err.code !== 1 || !err.stdout) throw err;
    return { stdout: err.stdout };
  });
  const line = /^(\d+) scenarios? \(([^)]*)\)$/m.exec(stdout);
  if (!line) throw new Error(`No scenario summary in cucumber-js's output:\n${stdout}`);
  const summary: Record<string, number> = {};
  for (const part of line[2].split(', ')) {
    const [n, word] = part.split(' ');
    summary[word] = Number(n);
  }
  const listed = JSON.parse(fs.readFileSync(out('statuses.json'), 'utf8')) as Array<{ uri: string; name: string; status: string }>;
  return {
    statuses: new Map(listed.map((s) => [`${s.uri}|${s.name}`, s.status])),
    summary,
    ndjson: fs.readFileSync(out('messages.ndjson'), 'utf8'),
    json: fs.readFileSync(out('cucumber.json'), 'utf8'),
  };
}

beforeAll(async () => {
  [server, outcome] = await Promise.all([startTestServer(), runCucumber()]);
  alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
  project = await createProject(alice, { name: 'Statuses' });
  key = (await createAccessKey(alice, project)).token;
});
afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function importedStatuses(body: string, format: 'ndjson' | 'cucumber-json'): Promise<Array<{ key: string; status: string }>> {
  const q = new URLSearchParams({ projectId: project, format });
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?${q}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' }, body });
  const answer = (await res.json()) as { runId: string };
  expect(res.status).toBe(200);
  const rows = await listTestCases(server.ctx.db, answer.runId);
  return rows.map((r) => ({ key: `${r.feature_path}|${r.scenario_name}`, status: r.status }));
}

/** Our statuses against cucumber-js's: each test case's, and the counts its summary printed. */
function expectCucumberStatuses(ours: Array<{ key: string; status: string }>): void {
  expect(ours.map((o) => o.key).sort()).toEqual([...outcome.statuses.keys()].sort());
  for (const o of ours) {
    const theirs = outcome.statuses.get(o.key)!;
    // No step results at all: the summary counts the test case as passed (checked with the counts below).
    if (theirs !== 'UNKNOWN') expect({ testCase: o.key, status: o.status }).toEqual({ testCase: o.key, status: theirs });
  }
  const counts: Record<string, number> = {};
  for (const o of ours) counts[o.status.toLowerCase()] = (counts[o.status.toLowerCase()] ?? 0) + 1;
  expect(counts).toEqual(outcome.summary);
}

describe('test case statuses as cucumber-js decides them', () => {
  it('the fixtures cover each rule (cucumber-js itself says so)', () => {
    const s = outcome.statuses;
    expect(s.get('features/hooks.feature|after hook skipped')).toBe('SKIPPED');
    expect(s.get('features/hooks.feature|after hook pending')).toBe('PENDING');
    expect(s.get('features/hooks.feature|before hook fails')).toBe('FAILED');
    expect(s.get('features/hooks.feature|no steps')).toBe('UNKNOWN');
    expect(s.get('features/background.feature|nothing of its own')).toBe('UNKNOWN');
    expect(outcome.summary.passed).toBe(4);
  });

  it('runs: the report builder', async () => {
    const envelopes = outcome.ndjson.trim().split('\n').map((l) => JSON.parse(l) as Envelope);
    const { report } = await messagesToReport(envelopes, { name: 'statuses', mode: 'local' });
    expectCucumberStatuses(report.testCases.map((t) => ({ key: `${t.featurePath}|${t.scenarioName}`, status: t.result.status })));
  });

  it('imports: Cucumber messages through the ingest', async () => {
    expectCucumberStatuses(await importedStatuses(outcome.ndjson, 'ndjson'));
  });

  it('imports: Cucumber JSON', async () => {
    expectCucumberStatuses(await importedStatuses(outcome.json, 'cucumber-json'));
  });

  it('imports: Cucumber JSON with the Background as an element of its own (cucumber-jvm, cucumber-ruby) gives a scenario without steps no steps', async () => {
    // cucumber-js's own JSON, written the way cucumber-jvm writes a Background: an element before each scenario.
    type JsonStep = { line?: number; hidden?: boolean };
    const features = JSON.parse(outcome.json) as Array<{ uri: string; elements: Array<{ steps: JsonStep[] }> }>;
    const file = features.find((f) => f.uri.endsWith('background.feature'))!;
    // The Background's step is at line 4 of the feature: it moves to an element of its own before each scenario.
    const background = { type: 'background', keyword: 'Background', name: '', steps: [{ keyword: 'Given ', name: 'a passing step', line: 4, result: { status: 'passed', duration: 1000 } }] };
    file.elements = file.elements.flatMap((el) => [background as never, { ...el, steps: el.steps.filter((s) => s.line !== 4) }]);
    expectCucumberStatuses(await importedStatuses(JSON.stringify(features), 'cucumber-json'));
  });
});
