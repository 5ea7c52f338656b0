import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG, type StepInfoDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { AI_STEPS_FILE } from './ai-steps-file.ts';

/**
 * 'Generate code with AI' for one step of a saved scenario, on a demo project through the real HTTP
 * app: the scenario is walked in a trial at the demo shop up to the step, the step's code is written
 * from the page it starts on, tried there, and saved to steps/ai_generated.mjs only when it passed.
 */
let server: TestServer;
let user: TestUser;
let outsider: TestUser;
let projectId: string;

const FEATURE = `Feature: Mugs

  Scenario: Find a mug
    Given I am on the home page
    When I search for "mug"
    And I open the "Ceramic Coffee Mug" product
    Then I should see "Ceramic Coffee Mug"
    When I click the Subscribe button

  Scenario: Fill the cart
    Given I am on the home page
    When I add the "Trail Backpack" to the cart
    And I go to my cart
    Then I should see "Trail Backpack"
`;
const base = () => ({ projectId, branch: 'main', environment: 'demo', featurePath: 'mugs.feature', scenarioName: 'Find a mug' });
const head = async () => (await server.ctx.workspaces.repo(projectId).branchHead('main'))!;
const aiFile = async () => server.ctx.workspaces.repo(projectId).readFile(await head(), AI_STEPS_FILE);
const stepCode = async () => {
  const res = await user.api.post('workspace/get-step-code-by-scenario', { projectId, branch: 'main', featureName: 'mugs.feature', scenarioName: 'Find a mug' });
  expectOk(res);
  return res.body.stepInfo as StepInfoDto[];
};

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  [user, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(user, { name: 'Mug shop', demo: true });
  expectOk(await user.api.post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'mugs.feature', content: FEATURE } }));
});

afterAll(async () => {
  await server?.close();
});

describe('POST ai/generate-step', () => {
  it('is for members of a project whose licence runs, and checks the step before any browser starts', async () => {
    const body = { ...base(), stepText: 'I search for "mug"' };
    expectError(await outsider.api.post('ai/generate-step', body), 403, MSG.forbidden);
    expectError(await user.api.post('ai/generate-step', { ...body, featurePath: 'nowhere.feature' }), 404, WS_MSG.featureNotFound);
    expectError(await user.api.post('ai/generate-step', { ...body, scenarioName: 'Lost' }), 404, WS_MSG.scenarioNotFound);
    expectError(await user.api.post('ai/generate-step', { ...body, stepText: 'I fly' }), 404, 'The scenario "Find a mug" has no step "I fly"');
    expectError(await user.api.post('ai/generate-step', { ...body, stepText: '   ' }), 400, 'Name the step to generate');
    expectError(await user.api.post('ai/generate-step', { ...body, stepText: 'I am on the home page' }), 409, /already has code in the built-in step library/);
    expectError(await user.api.post('ai/generate-step', { ...body, environment: 'nowhere' }), 404, 'There is no environment "nowhere" on the branch main: create it first');
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', projectId).execute();
    try {
      expectError(await user.api.post('ai/generate-step', body), 403, MSG.licenceExpired);
    } finally {
      await server.ctx.db.updateTable('projects').set({ expires_at: null }).where('id', '=', projectId).execute();
    }
    expect(await aiFile()).toBeNull();
  }, 30_000);

  it('generates a step on the page it starts on, saves it as AI code, and the next step is walked with it', async () => {
    const search = await user.api.post('ai/generate-step', { ...base(), stepText: 'I search for "mug"' });
    expectOk(search);
    expect(search.body.step, JSON.stringify(search.body)).toMatchObject({ keyword: 'When', text: 'I search for "mug"', source: 'ai', candidates: [] });
    expect(search.body.step.expression).toContain('{string}');
    expect(search.body.step.reasoning.length).toBeGreaterThan(10);
    expect(search.body).toMatchObject({ file: 'ai_generated.mjs', notes: [] });
    expect(search.body.commit).toBe(await head());
    const file = (await aiFile())!;
    expect(file).toContain('// source: ai');
    expect(file).toContain(`When('${search.body.step.expression}'`);

    // The step bar and the step code show it implemented, labelled AI.
    const afterSearch = await stepCode();
    expect(afterSearch[1]).toMatchObject({ stepName: 'I search for "mug"', implemented: true, source: 'ai', mjsFile: 'ai_generated.mjs' });
    expect(afterSearch[2]).toMatchObject({ implemented: false, isStub: true });

    // The product is opened from the search results: only reachable if the search ran first, with the code just saved.
    const open = await user.api.post('ai/generate-step', { ...base(), stepText: 'I open the "Ceramic Coffee Mug" product' });
    expectOk(open);
    expect(open.body.step, JSON.stringify(open.body)).toMatchObject({ source: 'ai', keyword: 'When' });
    expect(open.body.notes).toEqual([]);
    expect((await aiFile())!).toContain(open.body.step.expression);
    expect((await stepCode()).slice(0, 4).map((s) => [s.implemented, s.source])).toEqual([[true, 'builtin'], [true, 'ai'], [true, 'ai'], [true, 'builtin']]);

    expectError(await user.api.post('ai/generate-step', { ...base(), stepText: 'I search for "mug"' }), 409, 'This step already has code in steps/ai_generated.mjs: open it with View code to change it');
  }, 240_000);

  it('answers honestly, with the elements it considered, when no code can be made, and saves nothing', async () => {
    const before = await head();
    const res = await user.api.post('ai/generate-step', { ...base(), stepText: 'I click the Subscribe button' });
    expectOk(res);
    expect(res.body.step, JSON.stringify(res.body)).toMatchObject({ source: 'stub', expression: null, text: 'I click the Subscribe button', keyword: 'When' });
    expect(res.body.step.reasoning).toContain('Subscribe');
    expect(res.body.step.candidates.length).toBeGreaterThan(0);
    expect(res.body.step.candidates[0]).toMatch(/^button "/);
    expect(res.body).toMatchObject({ file: null, commit: null, notes: [] });
    expect(await head()).toBe(before);
    expect((await stepCode())[4]).toMatchObject({ implemented: false, isStub: true });
  }, 180_000);

  it('walks a step without code before the one asked for with code made on the way, tried but not saved', async () => {
    const res = await user.api.post('ai/generate-step', { ...base(), scenarioName: 'Fill the cart', stepText: 'I go to my cart' });
    expectOk(res);
    expect(res.body.step, JSON.stringify(res.body)).toMatchObject({ source: 'ai', keyword: 'When' });
    expect(res.body.notes).toEqual(['Step 2, When I add the "Trail Backpack" to the cart, has no code yet: code made for it on the way passed there, and was not saved']);
    const file = (await aiFile())!;
    expect(file).toContain(res.body.step.expression);
    expect(file).not.toContain('I add the');
  }, 180_000);
});
