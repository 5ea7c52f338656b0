import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_STEPS_FILE } from '@stepwise/recorder';
import { RECORDER_MESSAGES, type RecordedStep } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { centreOf, clickAt, recorderClient, send, until, type RecorderClient } from './recorder-test-support.ts';

/**
 * A cloud recorder session on the demo shop, driven as the web app drives it: created with the
 * guac call, joined over the realtime socket, clicked and typed into through recorder:input, an
 * assertion added, saved; the scenario and the recorded step code are then on the branch.
 */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let projectId: string;
let baseUrl: string;
const clients: RecorderClient[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  [alice, bob] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(alice, { name: 'Recorded shop', demo: true });
  await addMemberToProject(alice, bob, projectId);
  baseUrl = `http://localhost:${server.ctx.config.port}/demo-shop/`;
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

async function client(user: TestUser): Promise<RecorderClient> {
  const c = await recorderClient(server, user);
  clients.push(c);
  return c;
}

describe('a cloud recorder session', () => {
  it('streams the demo shop, records a click, typing and an assertion, and saves the scenario with its step code', async () => {
    const viewport = { width: 1024, height: 768 };
    const created = await alice.api.post('guac/create-RDP-connection-with-defaults', { project_id: projectId, env_name: 'demo', viewport: 'Laptop' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId: string = created.body.session_id;
    expect(created.body).toMatchObject({ status: 'success', join_event: 'recorder:join', socket_path: '/api/storage/ws/socket.io', state: { viewport } });

    const prepared = await alice.api.post('guac/guac-lite-prepareWebSocket-url', { session_id: sessionId });
    expect(prepared.body).toMatchObject({ status: 'success', session_id: sessionId, project_id: projectId });
    const listed = await alice.api.post('guac/concurrent-sessions-for-user', { project_id: projectId });
    expect(listed.body).toMatchObject({ status: 'success', count: 1, limits: { per_user: 1, per_server: 4 } });
    expect(listed.body.sessions[0]).toMatchObject({ session_id: sessionId, env_name: 'demo', recorder_url: expect.stringContaining(`session_id=${sessionId}`) });
    const byName = await alice.api.get(`guac/guac-lite-url-for-username/${encodeURIComponent(alice.email)}`);
    expect(byName.body.urls).toEqual([listed.body.sessions[0].recorder_url]);
    expect((await alice.api.get('guac/guac-lite-url-for-username/someone-else@example.com')).status).toBe(403);

    // Another member of the project can neither watch nor drive nor close it.
    const intruder = await client(bob);
    expect(await intruder.join(sessionId)).toEqual({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    expect(await send(intruder, 'recorder:input', { type: 'text', text: 'x' })).toEqual({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    expect((await bob.api.post('guac/close-guac-lite-connection', { session_id: sessionId })).status).toBe(404);
    expect((await bob.api.post('guac/guac-lite-prepareWebSocket-url', { session_id: sessionId })).status).toBe(404);

    const c = await client(alice);
    const joined = await c.join(sessionId);
    expect(joined).toMatchObject({ ok: true, state: { url: baseUrl, title: 'Demo Shop', viewport } });
    // The opened page is the first step (in the state, or in the steps that follow it).
    if (joined.ok && c.steps.length === 0) c.steps = joined.state.steps;
    await until(() => c.steps.length > 0, 'the first step');
    expect(c.steps.map((s) => s.action)).toEqual([{ name: 'navigate', url: '/' }]);
    // The page's latest frame comes with the join; later ones as the page changes.
    if (joined.ok && joined.frame && c.frames.length === 0) c.frames.push(joined.frame);
    await until(() => c.frames.length > 0, 'a frame');
    expect(c.frames[0]).toMatchObject({ width: viewport.width, height: viewport.height });
    expect(Buffer.from(c.frames[0].data as ArrayBuffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Bad input never reaches the browser.
    expect(await send(c, 'recorder:input', { type: 'mouse', action: 'fly', x: 1, y: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/^Input not valid/) });
    expect(await send(c, 'recorder:command', { type: 'navigate', url: 'file:///etc/passwd' })).toEqual({ ok: false, error: 'The start URL must be an http or https address' });

    const search = await centreOf(baseUrl, viewport, (p) => p.getByRole('searchbox', { name: 'Search products' }));
    await clickAt(c, search);
    expect(await send(c, 'recorder:input', { type: 'text', text: 'mug' })).toEqual({ ok: true });
    await send(c, 'recorder:input', { type: 'key', action: 'down', key: 'Enter' });
    await send(c, 'recorder:input', { type: 'key', action: 'up', key: 'Enter' });
    await until(() => c.pages.some((p) => p.url === `${baseUrl}search?q=mug`), 'the search page');
    expect(await send(c, 'recorder:command', { type: 'assertText', text: 'Ceramic Coffee Mug' })).toEqual({ ok: true });
    await until(() => c.steps.some((s) => s.action.name === 'assertText'), 'the assertion step');
    const steps = c.steps;
    expect(steps.map((s) => s.action.name)).toEqual(expect.arrayContaining(['fill', 'press', 'assertText']));
    expect(steps.find((s) => s.action.name === 'fill')?.action).toMatchObject({ value: 'mug' });

    // A deep link opens an address of the environment in the session; the desktop account call has nothing to create.
    const linked = await alice.api.post('guac/invoke-deep-link', { session_id: sessionId, url: 'cart' });
    expect(linked.body).toMatchObject({ status: 'success', url: `${baseUrl}cart` });
    await until(() => c.pages.some((p) => p.url === `${baseUrl}cart`), 'the cart page');
    expect((await alice.api.post('guac/invoke-deep-link', { session_id: sessionId, url: 'file:///etc/passwd' })).status).toBe(400);
    expect((await alice.api.post('guac/create-guacamole-user', {})).body).toMatchObject({ status: 'success', username: alice.email, created: false });

    // A step renamed by the person has no definition: its code goes to steps/recorded.mjs.
    const edited: RecordedStep[] = steps.map((s) => (s.action.name === 'assertText' ? { ...s, text: 'the mug is among the results' } : s));
    // Another member cannot save it as theirs (nor close it so).
    const stolen = await bob.api.post('recorder/save', { project_id: projectId, env_name: 'demo', scenario_name: 'Stolen', feature_name: 'Recorded', steps: edited, session_id: sessionId });
    expect(stolen.status).toBe(404);
    const saved = await alice.api.post('recorder/save', {
      project_id: projectId,
      env_name: 'demo',
      scenario_name: 'Find the mug',
      feature_name: 'Recorded',
      steps: edited,
      session_id: sessionId,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ status: 'success', message: RECORDER_MESSAGES.saved, path: 'Recorded.feature', scenarioName: 'Find the mug' });
    await until(() => c.ended.length > 0, 'the end of the session');
    expect(c.ended[0].reason).toBe(RECORDER_MESSAGES.saved);
    expect((await alice.api.post('guac/concurrent-sessions-for-user', {})).body.count).toBe(0);

    const repo = server.ctx.workspaces.repo(projectId);
    const head = (await repo.branchHead('main'))!;
    const feature = (await repo.readFile(head, 'features/Recorded.feature'))!;
    expect(feature).toContain('Scenario: Find the mug');
    for (const s of edited) expect(feature).toContain(s.text);
    const code = (await repo.readFile(head, RECORDED_STEPS_FILE))!;
    expect(code).toContain('// source: recorder');
    expect(code).toContain("'the mug is among the results'");
    expect(code).toContain("getByText('Ceramic Coffee Mug')");
    // The typing is phrased as the library's fill step: it needs no code of its own.
    expect(code).not.toContain('Search products');
  }, 180_000);
});
