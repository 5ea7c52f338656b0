import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_STEPS_FILE } from '@stepwise/recorder';
import { RECORDER_MESSAGES, WS_MSG, type RecordedStep } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { openRows, TEST_DATA_FILE } from '../test-data/test-data-file.ts';
import { io as connect } from 'socket.io-client';
import { SOCKET_PATH } from '../realtime/realtime.ts';

/** POST recorder/save as the local recorder (`stepwise record`, with an access key) and the web app call it. */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let projectId: string;
let otherProject: string;

const STEPS: RecordedStep[] = [
  { id: 's1', keyword: 'Given', text: 'I am on the home page', action: { name: 'navigate', url: '/' } },
  { id: 's2', keyword: 'When', text: 'I sign in as "ada"', action: { name: 'fill', locator: "getByLabel('Password')", value: '{{password}}' } },
  { id: 's3', keyword: 'When', text: 'I open the basket', action: { name: 'click', locator: "getByRole('link', { name: 'Cart' })" } },
  { id: 's4', keyword: 'Then', text: 'I open the basket', action: { name: 'click', locator: "getByRole('link', { name: 'Cart' })" } },
];

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, outsider] = await Promise.all([0, 1, 2].map(() => signUpUser(server.baseUrl)));
  projectId = await createProject(alice, { name: 'Saved', demo: true });
  otherProject = await createProject(alice, { name: 'Other', demo: true });
  await addMemberToProject(alice, bob, projectId);
});

afterAll(async () => {
  await server?.close();
});

const body = (fields: Record<string, unknown> = {}) => ({
  project_id: projectId,
  env_name: 'demo',
  scenario_name: 'Sign in and open the basket',
  feature_name: 'Recorded locally',
  steps: STEPS,
  secrets: [{ key: 'password', value: 'hunter2-recorded' }],
  ...fields,
});

async function head(project = projectId): Promise<string> {
  return (await server.ctx.workspaces.repo(project).branchHead('main'))!;
}

describe('POST /api/recorder/save', () => {
  it('takes the project access key of the local recorder: step code, the password as sealed test data, the scenario, the events', async () => {
    const key = await createAccessKey(alice, projectId);
    // Bob has the project open: he hears of the new scenario.
    const bobSocket = connect(server.baseUrl, { path: SOCKET_PATH, query: { token: bob.token, projectId }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve) => bobSocket.once('connect', () => resolve()));
    const heard = new Promise((resolve) => bobSocket.once('publish_scenario', resolve));
    const api = new ApiClient(server.baseUrl, key.token);
    const res = await api.post('recorder/save', body());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: RECORDER_MESSAGES.saved, path: 'Recorded locally.feature', scenarioIndex: 0, scenarioName: 'Sign in and open the basket' });
    const repo = server.ctx.workspaces.repo(projectId);
    const at = await head();
    expect(res.body.commit).toBe(at);
    const feature = (await repo.readFile(at, 'features/Recorded locally.feature'))!;
    expect(feature).toContain('Scenario: Sign in and open the basket');
    expect(feature).toMatch(/And I open the basket\n\s+Then I open the basket/);
    const code = (await repo.readFile(at, RECORDED_STEPS_FILE))!;
    // The library has the home page step; the two others get code, the repeated text once.
    expect(code).not.toContain('home page');
    expect(code.match(/\/\/ source: recorder/g)).toHaveLength(2);
    expect(code).toContain("getByLabel('Password').fill('{{password}}'");
    const rawData = (await repo.readFile(at, TEST_DATA_FILE))!;
    expect(rawData).not.toContain('hunter2-recorded');
    expect(openRows(rawData, server.ctx.secrets)).toContainEqual({ key: 'password', value: 'hunter2-recorded', DataType: 'secret', environment: 'demo' });
    expect(await heard).toEqual({ event: 'publish_scenario', projectId });
    bobSocket.disconnect();
    const events = await server.ctx.db.selectFrom('usage_events').select('event').where('project_id', '=', projectId).execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['record_scenario', 'publish_scenario']));

    // Saved again: the existing definitions serve the steps, the secret is updated in place, the scenario gets a unique name.
    const again = await api.post('recorder/save', body({ secrets: [{ key: 'password', value: 'changed-value' }] }));
    expect(again.status).toBe(200);
    expect(again.body.scenarioName).not.toBe('Sign in and open the basket');
    const now = await head();
    expect(await repo.readFile(now, RECORDED_STEPS_FILE)).toBe(code);
    const rows = openRows(await repo.readFile(now, TEST_DATA_FILE), server.ctx.secrets).filter((r) => r.key === 'password');
    expect(rows).toEqual([{ key: 'password', value: 'changed-value', DataType: 'secret', environment: 'demo' }]);

    // The key opens its own project only.
    expect((await api.post('recorder/save', body({ project_id: otherProject }))).status).toBe(403);
  });

  it('refuses a step whose locator is not a Playwright locator, and writes nothing', async () => {
    const before = await head();
    const res = await alice.api.post('recorder/save', body({ steps: [{ id: 'x', keyword: 'When', text: 'I do something odd', action: { name: 'click', locator: 'document.querySelector("#x")' } }] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RECORDER_MESSAGES.invalidLocator);
    expect(await head()).toBe(before);
  });

  it('refuses bad input with a 4xx and a message, and never writes for a caller who may not', async () => {
    const before = await head();
    const cases: Array<[TestUser | null, Record<string, unknown>, number]> = [
      [null, body(), 401],
      [outsider, body(), 403],
      [alice, body({ steps: [] }), 400],
      [alice, body({ scenario_name: 'Two\nlines' }), 400],
      [alice, body({ env_name: 'nowhere' }), 404],
      [alice, body({ branch: 'no-such-branch' }), 404],
      [alice, body({ parent_path: '../outside' }), 400],
      [alice, body({ parent_path: 'no/such/folder' }), 404],
      [alice, body({ feature_name: 'a/b' }), 400],
      [alice, body({ session_id: 'no-such-session' }), 404],
      [alice, body({ secrets: [{ key: 'env', value: 'x' }] }), 400],
    ];
    for (const [user, payload, status] of cases) {
      const res = user ? await user.api.post('recorder/save', payload) : await new ApiClient(server.baseUrl).post('recorder/save', payload);
      expect(res.status, `${JSON.stringify(payload).slice(0, 200)} -> ${JSON.stringify(res.body)}`).toBe(status);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await head()).toBe(before);
  });

  it('stops at the plan\'s scenario cap before any step code is written', async () => {
    await server.ctx.db.updateTable('projects').set({ max_scenarios_allowed: 1 }).where('id', '=', projectId).execute();
    try {
      const before = await head();
      const res = await bob.api.post('recorder/save', body({ steps: [{ id: 'n', keyword: 'When', text: 'I press the new button', action: { name: 'click', locator: "getByRole('button', { name: 'New' })" } }] }));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(WS_MSG.upgradeRequired);
      expect(await head()).toBe(before);
    } finally {
      await server.ctx.db.updateTable('projects').set({ max_scenarios_allowed: 1000 }).where('id', '=', projectId).execute();
    }
  });
});
