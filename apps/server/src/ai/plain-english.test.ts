import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { stepsSeen } from '../test/run-diagnosis.ts';
import type { StatusMessage } from '../executions/execution-hub.ts';
import { listTestCases } from '../runs/runs.repository.ts';
import { AI_STEPS_FILE } from './ai-steps-file.ts';
import { englishSteps, scenarioGherkin } from './plain-english.ts';

/**
 * Plain English on a demo project: English steps the step library does not have become a scenario
 * whose steps all have code (generated in a trial at the demo shop), and the scenario then passes in
 * a real execution with no edit.
 */
let server: TestServer;
let user: TestUser;
let projectId: string;
const events: StatusMessage[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  server.ctx.executions.hub.onStatus((m) => events.push(m));
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'English shop', demo: true });
});

afterAll(async () => {
  await server?.close();
});

const ENGLISH = `I go to the home page
I search for "mug"
I open the "Ceramic Coffee Mug" product
I add it to the cart
I open my cart
The cart total should be "$12.50"`;

describe('English steps', () => {
  it('are read from lists and sentences, with keywords', () => {
    expect(englishSteps('- Given I am on the home page\n- when I click "Login"\n3. I should see "Welcome"')).toEqual([
      { keyword: 'Given', text: 'I am on the home page' },
      { keyword: 'When', text: 'I click "Login"' },
      { keyword: 'Then', text: 'I should see "Welcome"' },
    ]);
    expect(englishSteps('Open the home page. Search for "mug". The page shows "Ceramic Coffee Mug".').map((s) => s.keyword)).toEqual(['Given', 'When', 'Then']);
    expect(scenarioGherkin('Buy', [{ keyword: 'When', text: 'a' }, { keyword: 'When', text: 'b' }, { keyword: 'Then', text: 'c' }])).toBe(
      '  Scenario: Buy\n    When a\n    And b\n    Then c\n',
    );
  });
});

describe('POST ai/plain-english', () => {
  it('is for members of the project, and checks its input before any browser starts', async () => {
    const body = { projectId, branch: 'main', environment: 'demo', featureName: 'English', scenarioName: 'X', text: 'I go to the home page' };
    const outsider = await signUpUser(server.baseUrl);
    expect((await outsider.api.post('ai/plain-english', body)).status).toBe(403);
    expect((await user.api.post('ai/plain-english', { ...body, environment: 'nowhere' })).status).toBe(404);
    expect((await user.api.post('ai/plain-english', { ...body, text: '   ' })).body.error).toBe('Describe the scenario in English first');
  });

  it('turns English steps the library lacks into a scenario that passes in an execution without an edit', async () => {
    const res = await user.api.post('ai/plain-english', {
      projectId,
      branch: 'main',
      environment: 'demo',
      featureName: 'English',
      scenarioName: 'Buy a mug, in English',
      text: ENGLISH,
    });
    expectOk(res);
    const steps = res.body.steps as Array<{ source: string; text: string; reasoning: string }>;
    expect(steps).toHaveLength(6);
    expect(steps.filter((s) => s.source === 'stub'), JSON.stringify(steps, null, 2)).toEqual([]);
    expect(steps.filter((s) => s.source === 'ai').length).toBeGreaterThanOrEqual(4);
    const head = (await server.ctx.workspaces.repo(projectId).branchHead('main'))!;
    const file = (await server.ctx.workspaces.repo(projectId).readFile(head, AI_STEPS_FILE))!;
    expect(res.body.gherkin.startsWith('  @regression\n  Scenario: Buy a mug, in English\n    Given I go to the home page\n')).toBe(true);
    expect(file).toContain('// source: ai');

    const created = await user.api.post('executions/new', {
      projectId,
      execution: {
        name: 'English run',
        env: 'demo',
        branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath: res.body.path, scenarioName: res.body.scenarioName }] }] }],
      },
    });
    expectOk(created);
    const live = await server.ctx.executions.runner.start({ execution: created.body.execution as ExecutionDto, trigger: 'manual', userId: user.userId, headless: true });
    let final: LiveStatus | undefined;
    for (let i = 0; i < 1200 && !final; i++) {
      final = events.find((e) => e.event === EXECUTION_EVENTS.stop && (e.payload as LiveStatus).executionInstanceId === live.executionInstanceId)?.payload as LiveStatus | undefined;
      if (!final) await new Promise((r) => setTimeout(r, 100));
    }
    const cases = await listTestCases(server.ctx.db, final!.reportLink.split('/').pop()!);
    const seen = cases.some((c) => c.status !== 'PASSED') ? await stepsSeen(user.api, cases[0].id) : '';
    expect(cases.map((c) => [c.scenario_name, c.status, c.error_message]), seen).toEqual([['Buy a mug, in English', 'PASSED', null]]);
  }, 180_000);
});
