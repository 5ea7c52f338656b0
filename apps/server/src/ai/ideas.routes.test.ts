import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { EXECUTION_EVENTS, IDEA_MSG, MSG, WS_MSG, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import type { StatusMessage } from '../executions/execution-hub.ts';
import { addMemory } from '../runs/memory.repository.ts';
import { normaliseRoute } from '../runs/memory.ts';
import { listTestCases } from '../runs/runs.repository.ts';
import { CHROMIUM, snapshotOf } from './offline/demo-shop-browser.ts';

/**
 * POST runs/scenarios/ideas and runs/scenarios/scenario-creation through the real HTTP app, on a demo
 * project: who may ask, ideas read from the demo environment in a trial (or from the memory), and an
 * idea saved as a Scenario Outline whose steps all have code and which passes in an execution.
 */
let server: TestServer;
let user: TestUser;
let projectId: string;
let key: string;
const events: StatusMessage[] = [];
const IDEAS = 'runs/scenarios/ideas';
const CREATE = 'runs/scenarios/scenario-creation';
const creation = { 'x-source': 'Creation' };

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  server.ctx.executions.hub.onStatus((m) => events.push(m));
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'Idea shop', demo: true });
});

afterAll(async () => {
  await server?.close();
});

const setProject = (values: { max_scenarios_allowed?: number; expires_at?: Date | null }) =>
  server.ctx.db.updateTable('projects').set(values).where('id', '=', projectId).execute();
const projectRow = () => server.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();

describe('who may ask for ideas', () => {
  it('members of a running project with an access token; a clear message otherwise', async () => {
    const body = { projectId, description: 'search and buy a product' };
    expectError(await user.api.withToken(null).post(IDEAS, body), 401);
    const outsider = await signUpUser(server.baseUrl);
    expectError(await outsider.api.post(IDEAS, body), 403, MSG.forbidden);
    expectError(await user.api.post(IDEAS, body), 403, IDEA_MSG.tokenRequired);
    expectError(await user.api.post(CREATE, { ...body, name: 'X', flow: 'Given I am on the home page', featureName: 'Ideas' }), 403, IDEA_MSG.tokenRequired);
    key = (await createAccessKey(user, projectId)).token;
    const othersKey = (await createAccessKey(outsider, await createProject(outsider, { name: 'Theirs' }))).token;
    expectError(await user.api.withToken(othersKey).post(IDEAS, body), 403, MSG.forbidden);
    expectError(await user.api.post(IDEAS, { ...body, description: '   ' }), 400, IDEA_MSG.describeFirst);
    expectError(await user.api.post(IDEAS, { ...body, environment: 'no-such-env' }), 404, WS_MSG.envNotFound);
    // An application whose host name is not known: no browser is started, the answer says so at once.
    expectOk(await user.api.post('workspace/push-env', { projectId, name: 'nowhere', data: { baseUrl: 'https://shop.nowhere.example/' } }));
    expectError(await user.api.post(IDEAS, { ...body, environment: 'nowhere' }), 400, 'The application at https://shop.nowhere.example/ (environment nowhere) could not be opened to read its pages.');

    const { scenario_count: count, max_scenarios_allowed: max } = await projectRow();
    await setProject({ max_scenarios_allowed: count });
    expectError(await user.api.post(IDEAS, body), 403, WS_MSG.upgradeRequired);
    await setProject({ max_scenarios_allowed: max, expires_at: new Date(Date.now() - 1000) });
    expectError(await user.api.post(IDEAS, body), 403, MSG.licenceExpired);
    await setProject({ expires_at: null });
  });
});

let firstIdea: { name: string; flow: string; parameters: string };

describe('POST runs/scenarios/ideas', () => {
  it('reads the demo environment in a trial and puts first what the description asks, within the allowance', async () => {
    const res = await user.api.post(IDEAS, { projectId, description: 'search and buy a product' });
    expectOk(res);
    const ideas = res.body.result as Array<typeof firstIdea>;
    firstIdea = ideas[0];
    expect(firstIdea.name).toBe('Search for a product and add it to the cart');
    expect(JSON.parse(firstIdea.parameters)).toEqual({ query: 'backpack', product: 'Trail Backpack' });
    expect(ideas.map((i) => i.name)).toEqual(expect.arrayContaining(['Search for a product', 'Log in with a valid account', 'Open the Cart page']));

    const { scenario_count: count, max_scenarios_allowed: max } = await projectRow();
    await setProject({ max_scenarios_allowed: count + 2 });
    // With the project's access key as bearer too (the exploration is kept: no second browser).
    const few = await user.api.withToken(key).post(IDEAS, { projectId, description: 'log in' });
    await setProject({ max_scenarios_allowed: max });
    expectOk(few);
    expect(few.body.result.map((i: { name: string }) => i.name)).toEqual(['Log in with a valid account', 'Open the Log in page']);
  }, 120_000);

  it('reads the memory of the runs when it has pages, with the flows they took (no environment needed)', async () => {
    const other = await signUpUser(server.baseUrl);
    const bare = await createProject(other, { name: 'Remembered' });
    await createAccessKey(other, bare);
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    const page = await browser.newPage();
    const shop = `${server.baseUrl}/demo-shop/`;
    const pages = [];
    for (const path of ['', 'cart', 'login']) {
      await page.goto(new URL(path, shop).href);
      pages.push(await snapshotOf(page));
    }
    await browser.close();
    const route = (url: string) => normaliseRoute(url)!;
    await addMemory(server.ctx.db, bare, {
      pages: pages.map((p) => ({ route: route(p.url), url: p.url, title: p.title, ariaSnapshot: p.aria, visits: 1 })),
      pageSteps: [],
      edges: [{ source: route(pages[0].url), target: route(pages[1].url), stepText: 'When I open my cart', count: 3 }],
    });
    const res = await other.api.post(IDEAS, { projectId: bare, description: 'reach the cart' });
    expectOk(res);
    const flow = res.body.result.find((i: { flow: string }) => i.flow.includes('When I open my cart'));
    expect(flow).toMatchObject({ name: 'Reach the Your cart page from the home page', parameters: '{}' });
  }, 60_000);
});

describe('POST runs/scenarios/scenario-creation', () => {
  const base = () => ({ projectId, featureName: 'Ideas', parentPath: '', name: 'Buy', flow: 'Given I am on the home page', parameters: '{}' });

  it('refuses what cannot be saved with the spec messages, before any browser starts', async () => {
    expectError(await user.api.post(CREATE, base()), 400, 'Scenario creation needs the header X-Source: Creation');
    const post = (body: object) => user.api.request('POST', CREATE, { ...base(), ...body }, creation);
    expectError(await post({ name: ' ' }), 400, IDEA_MSG.fillAllFields);
    expectError(await post({ flow: '' }), 400, IDEA_MSG.fillAllFields);
    expectError(await post({ parameters: '{"": "x"}' }), 400, IDEA_MSG.fillAllFields);
    expectError(await post({ parameters: 'not json' }), 400, IDEA_MSG.parametersInvalid);
    expectError(await post({ parameters: '{"a b": "x"}' }), 400, IDEA_MSG.parameterName);
    expectError(await post({ flow: 'When I search for "<query>"' }), 400, 'The flow uses <query>, which is not a parameter.');
    expectError(await post({ access_key: 'swk_not-a-key' }), 403, IDEA_MSG.accessKeyInvalid);
    expectError(await post({ environment: 'no-such-env' }), 404, WS_MSG.envNotFound);
  });

  it('saves an idea as a Scenario Outline whose steps all have code, names made unique, and it passes in an execution', async () => {
    const res = await user.api.withToken(key).request('POST', CREATE, {
      ...base(), ...firstIdea, url: `${server.baseUrl}/demo-shop/`, access_key: key,
    }, creation);
    expectOk(res);
    expect(res.body.steps.filter((s: { source: string }) => s.source === 'stub'), JSON.stringify(res.body.steps, null, 2)).toEqual([]);
    expect(res.body.steps.map((s: { text: string }) => s.text)).toContain('I search for "backpack"');
    expect(res.body.gherkin).toBe([
      '  @regression',
      '  Scenario Outline: Search for a product and add it to the cart',
      '    Given I am on the home page',
      '    When I search for "<query>"',
      '    And I click the "<product>" link',
      '    And I click the "Add to cart" button',
      '    And I click the "Cart" link',
      '    Then I should see "<product>"',
      '',
      '    Examples:',
      '      | query    | product        |',
      '      | backpack | Trail Backpack |',
      '',
    ].join('\n'));
    expect(res.body).toMatchObject({ path: 'Ideas.feature', scenarioIndex: 0, scenarioName: firstIdea.name });

    const again = await user.api.request('POST', CREATE, { ...base(), name: firstIdea.name.toUpperCase(), flow: 'Given I am on the home page\nI should see "Products"' }, creation);
    expectOk(again);
    expect(again.body).toMatchObject({ scenarioIndex: 1, scenarioName: `${firstIdea.name.toUpperCase()} 2` });
    expect(again.body.gherkin).toContain('  Scenario: ');
    const repo = server.ctx.workspaces.repo(projectId);
    const file = await repo.readFile((await repo.branchHead('main'))!, 'features/Ideas.feature');
    expect(file).toContain('Scenario Outline: Search for a product and add it to the cart');
    expect(file).toContain(`Scenario: ${firstIdea.name.toUpperCase()} 2`);

    const created = await user.api.post('executions/new', {
      projectId,
      execution: {
        name: 'Idea run', env: 'demo', branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath: 'Ideas.feature', scenarioName: firstIdea.name }] }] }],
      },
    });
    expectOk(created);
    const live = await server.ctx.executions.runner.start({ execution: created.body.execution as ExecutionDto, trigger: 'manual', userId: user.userId, headless: true });
    let final: LiveStatus | undefined;
    for (let i = 0; i < 1800 && !final; i++) {
      final = events.find((e) => e.event === EXECUTION_EVENTS.stop && (e.payload as LiveStatus).executionInstanceId === live.executionInstanceId)?.payload as LiveStatus | undefined;
      if (!final) await new Promise((r) => setTimeout(r, 100));
    }
    const cases = await listTestCases(server.ctx.db, final!.reportLink.split('/').pop()!);
    expect(cases.map((c) => [c.scenario_name, c.status, c.error_message])).toEqual([[firstIdea.name, 'PASSED', null]]);
  }, 300_000);
});
