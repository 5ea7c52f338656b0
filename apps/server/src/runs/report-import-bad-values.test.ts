import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { listTestCases } from './runs.repository.ts';

/**
 * Reports with values no implementation writes, through the real route (POST runs/upload-report):
 * times and durations out of any range, numbers past an `integer` column, names that are not text,
 * unpaired surrogates. Each is a 400 naming where it is, or is stored with the value cleaned as said
 * here; never a 500, and a refused report stores nothing.
 *
 * What is refused (400): a field of another JSON type than the format's (a name that is a number or an
 * object, a list that is not one, a line number with a fraction in Cucumber messages).
 * What is stored, cleaned: a time outside the years 1 to 9999 (1e308 seconds) is unknown; a negative
 * duration is 0, one past ~24.8 days (JUnit time="1e308") is cut to that; a line past 32 bits is
 * unknown; a null name is empty; an unpaired surrogate becomes U+FFFD and NUL is removed.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/runner/src/import/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const MESSAGES = fixture('messages-28.ndjson');
const CUCUMBER_JSON = fixture('cucumber-js.json');
const JUNIT = fixture('junit-surefire.xml');

let server: TestServer;
let user: TestUser;
let project: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  project = await createProject(user, { name: 'Odd reports' });
});
afterAll(() => server?.close());

async function upload(body: string, format: string) {
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${project}&format=${format}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}
const runCount = async () => (await server.ctx.db.selectFrom('runs').select('id').where('project_id', '=', project).execute()).length;

async function refused(body: string, format: string, error: string | RegExp) {
  const before = await runCount();
  const res = await upload(body, format);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatch(error);
  expect(await runCount()).toBe(before);
}

async function stored(body: string, format: string) {
  const res = await upload(body, format);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const run = await server.ctx.db.selectFrom('runs').selectAll().where('id', '=', res.body.runId).executeTakeFirstOrThrow();
  return { run, rows: await listTestCases(server.ctx.db, run.id) };
}

describe('Cucumber messages', () => {
  it('a timestamp of 1e308 seconds (or 1e20) is an unknown time', async () => {
    for (const seconds of ['1e308', '1e20', '-1e308']) {
      const { run, rows } = await stored(MESSAGES.replaceAll('"seconds":1730000001', `"seconds":${seconds}`), 'ndjson');
      expect(rows[0].start_time).toBeNull();
      expect(run.start_time).toEqual(new Date('2024-10-27T03:33:20.000Z'));
    }
    const { run } = await stored(MESSAGES.replace('"timestamp":{"seconds":1730000000,"nanos":0}', '"timestamp":{"seconds":1e308,"nanos":0}'), 'ndjson');
    expect(run.start_time).toBeNull();
  });

  it('negative seconds are a time before 1970, kept', async () => {
    const { rows } = await stored(MESSAGES.replaceAll('"seconds":1730000001', '"seconds":-5'), 'ndjson');
    expect(rows[0].start_time).toEqual(new Date('1969-12-31T23:59:55.000Z'));
    expect(rows[0].duration_ms).toBeLessThanOrEqual(INT4_MAX);
  });

  it('durations of 1e308 or -5 seconds are stored cut to the range', async () => {
    for (const seconds of ['1e308', '-5']) {
      const { rows } = await stored(MESSAGES.replaceAll('"duration":{"seconds":0', `"duration":{"seconds":${seconds}`), 'ndjson');
      expect(rows).toHaveLength(1);
    }
  });

  it('a name that is a number or an object is refused with its line; null is an empty name', async () => {
    const pickleName = (value: string) => MESSAGES.replace('"name":"Change the avatar","language"', `"name":${value},"language"`);
    await refused(pickleName('5'), 'ndjson', 'Line 3: pickle.name must be a string (it is a number)');
    await refused(pickleName('{"text":"x"}'), 'ndjson', 'Line 3: pickle.name must be a string (it is an object)');
    await refused(MESSAGES.replace('"name":"Profile"', '"name":7'), 'ndjson', 'Line 2: gherkinDocument.feature.name must be a string (it is a number)');
    await refused(MESSAGES.replace('"workerId":"0"', '"workerId":0'), 'ndjson', 'Line 9: testCaseStarted.workerId must be a string (it is a number)');
    await refused(MESSAGES.replace('"tags":[],"astNodeIds":["f1"]', '"tags":[5],"astNodeIds":["f1"]'), 'ndjson', 'Line 3: pickle.tags.0 must be an object (it is a number)');
    const { rows } = await stored(pickleName('null'), 'ndjson');
    expect(rows[0].scenario_name).toBe('');
  });

  it('a field read only later (a step\'s text) is refused with its own line', async () => {
    await refused(MESSAGES.replaceAll('"text":"I upload an avatar"', '"text":5'), 'ndjson', /^Line 3: pickle\.steps\.0\.text must be a string/);
  });

  it('a test step without an id (null) is refused with its line', async () => {
    await refused(MESSAGES.replace('{"id":"i2","hookId":"h2"}', '{"id":null,"hookId":"h2"}'), 'ndjson', 'Line 8: testCase.testSteps.0.id is missing');
  });

  it('a test case started without an id or a test case id (null) is refused with its line', async () => {
    await refused(MESSAGES.replace('"testCaseStarted":{"id":"j1"', '"testCaseStarted":{"id":null'), 'ndjson', 'Line 9: testCaseStarted.id is missing');
    await refused(MESSAGES.replace('"testCaseId":"i1","attempt"', '"testCaseId":null,"attempt"'), 'ndjson', 'Line 9: testCaseStarted.testCaseId is missing');
  });

  it('a line number past 32 bits is unknown; one with a fraction is refused', async () => {
    const { rows } = await stored(MESSAGES.replaceAll('"line":3', '"line":1e20'), 'ndjson');
    expect(rows[0].line).toBeNull();
    await refused(MESSAGES.replaceAll('"line":3', '"line":1.5'), 'ndjson', /^Line 2: .*location\.line must be a whole number/);
  });

  it('an attempt past 32 bits is stored cut to the column', async () => {
    const { rows } = await stored(MESSAGES.replace('"attempt":0', '"attempt":1e20'), 'ndjson');
    expect(rows[0].attempt).toBe(INT4_MAX);
  });

  it('unpaired surrogates and NUL in text and in jsonb columns are stored cleaned', async () => {
    const text = MESSAGES.replaceAll('Change the avatar', 'Change \\ud800 the \\u0000avatar').replace('"tags":[],"astNodeIds":["f1"]', '"tags":[{"name":"@a\\udc00","astNodeId":"t"}],"astNodeIds":["f1"]');
    const { rows } = await stored(text, 'ndjson');
    expect(rows[0].scenario_name).toBe('Change \ufffd the avatar');
    expect(rows[0].tags).toEqual(['@a\ufffd']);
  });
});

describe('Cucumber JSON', () => {
  const duration = (value: string) => CUCUMBER_JSON.replace('"duration": 2000000', `"duration": ${value}`);

  it('a step duration of 1e308 is cut to the longest kept; -5 is 0', async () => {
    for (const [value, ms] of [['1e308', INT4_MAX], ['-5', 0]] as const) {
      const { rows } = await stored(duration(value), 'cucumber-json');
      const res = await fetch(`${server.baseUrl}/api/runs/cucumber-runs/get-testcase?testCaseId=${rows[0].id}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(200);
      const steps = ((await res.json()) as { testCase: { steps: Array<{ text: string; result: { duration: number } }> } }).testCase.steps;
      expect(steps.find((s) => s.text === 'I am on the home page')?.result.duration).toBe(ms);
    }
  });

  it('a name that is a number or an object is refused naming the feature and the field; null is an empty name', async () => {
    await refused(CUCUMBER_JSON.replace('"name": "Find a lamp"', '"name": 5'), 'cucumber-json', 'Feature 1 (Search): elements.0.name must be a string (it is a number)');
    await refused(CUCUMBER_JSON.replace('"name": "Find a lamp"', '"name": {"en": "x"}'), 'cucumber-json', 'Feature 1 (Search): elements.0.name must be a string (it is an object)');
    await refused(CUCUMBER_JSON.replace('"name": "I am on the home page"', '"name": []'), 'cucumber-json', /^Feature 1 \(Search\): elements\.0\.steps\.1\.name must be a string \(it is an array\)$/);
    const { rows } = await stored(CUCUMBER_JSON.replace('"name": "Find a lamp"', '"name": null'), 'cucumber-json');
    expect(rows[0].scenario_name).toBe('');
  });

  it('a line past 32 bits is unknown', async () => {
    const { rows } = await stored(CUCUMBER_JSON.replace('"line": 6', '"line": 1e20'), 'cucumber-json');
    expect(rows[0].line).toBeNull();
  });

  it('an embedding whose media type is not one is kept as application/octet-stream', async () => {
    const { run, rows } = await stored(CUCUMBER_JSON.replace('"mime_type": "application/json"', '"mime_type": "not a type\\r\\n"'), 'cucumber-json');
    const res = await fetch(`${server.baseUrl}/api/runs/cucumber-runs/get-testcase?testCaseId=${rows[0].id}`, { headers: { authorization: `Bearer ${user.token}` } });
    const steps = ((await res.json()) as { testCase: { steps: Array<{ attachments?: Array<{ id: string; mediaType: string }> }> } }).testCase.steps;
    const attachment = steps.flatMap((s) => s.attachments ?? []).find((a) => a.mediaType === 'application/octet-stream');
    expect(attachment).toBeDefined();
    const blob = await server.ctx.blobs.get(`runs/${project}/${run.id}/${attachment!.id}`);
    blob?.stream.destroy();
    expect(blob?.mediaType).toBe('application/octet-stream');
  });

  it('an unpaired surrogate is stored as U+FFFD', async () => {
    const { rows } = await stored(CUCUMBER_JSON.replace('"name": "Find a lamp"', '"name": "Find \\ud800"'), 'cucumber-json');
    expect(rows[0].scenario_name).toBe('Find \ufffd');
  });
});

describe('JUnit XML', () => {
  it('time="1e308" is cut to the longest duration kept; time="-5" is 0', async () => {
    for (const [time, ms] of [['1e308', INT4_MAX], ['-5', 0]] as const) {
      const { rows } = await stored(JUNIT.replace('time="1.25"', `time="${time}"`), 'junit');
      expect(rows[0].duration_ms).toBe(ms);
    }
  });

  it('a line past 32 bits is unknown', async () => {
    const { rows } = await stored(JUNIT.replace('<testcase name="logs in', '<testcase line="4294967296" name="logs in'), 'junit');
    expect(rows[0].line).toBeNull();
  });

  it('a character reference to a surrogate or NUL is not XML: refused with its place', async () => {
    await refused(JUNIT.replace('name="logs in', 'name="&#xD800;logs in'), 'junit', /^Line 8, column \d+: Malformed character entity/);
    await refused(JUNIT.replace('name="logs in', 'name="&#0;logs in'), 'junit', /^Line 8, column \d+: Malformed character entity/);
  });
});
