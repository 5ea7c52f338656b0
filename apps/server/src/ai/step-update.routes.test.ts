import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_REQUEST_PLACEHOLDER, MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { ApiClient } from '../test/api-client.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { AI_FILE } from './step-update/step-update-fixtures.ts';

/**
 * The step-code modal's AI update over HTTP, on a real workspace: the step is read as the modal reads
 * it (get-step-code-by-scenario), updated, and the answer saved through upload-mjs as the editor does.
 */
let server: TestServer;
let user: TestUser;
let projectId: string;

const FEATURE = 'Feature: Cart\n\n  Scenario: Add a mug\n    When I add "Ceramic Coffee Mug" to the cart\n    And I open my cart\n';
const generate = (body: Record<string, unknown>, as: TestUser | ApiClient = user) =>
  ('api' in as ? as.api : as).post('runs/process-user-request/generate', { projectId, branch: 'main', ...body });

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'AI updates' });
  const ws = (path: string, body: Record<string, unknown>) => user.api.post(`workspace/${path}`, { projectId, branch: 'main', ...body });
  expectOk(await ws('push-scenario', { name: 'cart.feature', parentPath: '', replaceFile: true, data: FEATURE }));
  expectOk(await ws('upload-mjs', { files: [{ name: 'cart.mjs', content: AI_FILE }] }));
});

afterAll(async () => {
  await server?.close();
});

describe('POST runs/process-user-request/generate', () => {
  it('updates the selected step of the file the modal shows, and the editor saves the answer as it is', async () => {
    const read = await user.api.post('workspace/get-step-code-by-scenario', { projectId, branch: 'main', featureName: 'cart.feature', scenarioName: 'Add a mug' });
    expectOk(read);
    const step = read.body.stepInfo[0];
    expect(step.pattern).toBe('I add {string} to the cart');
    const res = await generate({ user_request: 'retry step if it fails', function_name: step.pattern, mjs_file_content: step.mjsFileContent });
    expectOk(res);
    expect(res.body.status).toBe('success');
    const updated: string = res.body.result.mjs_file_content;
    expect(updated).toContain('  const retries = 3;\n  for (let attempt = 0; ; attempt++) {\n    try {\n      await this.page.getByRole(\'link\', { name }).click();');
    expect(updated.endsWith(AI_FILE.slice(AI_FILE.indexOf("\n// source: ai\n// Opens")))).toBe(true);
    expect(res.body.result.summary).toBe('When the step fails it is retried up to 3 times, one second apart; the last error fails it.');
    // Nothing is saved until the person saves the reviewed file.
    const before = await user.api.get(`workspace/get-file-content?projectId=${projectId}&branch=main&file_path=steps/cart.mjs`);
    expect(before.body.content).toBe(AI_FILE);
    expectOk(await user.api.post('workspace/upload-mjs', { projectId, branch: 'main', files: [{ name: 'cart.mjs', content: updated, baseVersion: step.mjsFileVersion }] }));
    const after = await user.api.post('workspace/get-step-code-by-scenario', { projectId, branch: 'main', featureName: 'cart.feature', scenarioName: 'Add a mug' });
    expect(after.body.stepInfo[0]).toMatchObject({ mjsFile: 'cart.mjs', mjsFileContent: updated, implemented: true, pattern: 'I add {string} to the cart' });
  });

  it('refuses what it cannot do with a 422 that says why', async () => {
    const body = { function_name: 'I add {string} to the cart', mjs_file_content: AI_FILE };
    const unknown = await generate({ ...body, user_request: 'make it faster' });
    expectError(unknown, 422, /^The request was not understood\. Ask for one of: continue if step fails; perform only if element found;/);
    expectError(await generate({ ...body, user_request: 'retry step if it fails', function_name: 'I pay' }), 422, 'The step "I pay" is not defined in this file');
    expectError(await generate({ ...body, user_request: 'retry step if it fails', mjs_file_content: 'When(' }), 422, /^The step file does not parse/);
  });

  it('checks its input, the session and the membership', async () => {
    const body = { user_request: 'retry step if it fails', function_name: 'I add {string} to the cart', mjs_file_content: AI_FILE };
    expectError(await generate({ ...body, user_request: '   ' }), 400, AI_REQUEST_PLACEHOLDER);
    expectError(await generate({ ...body, function_name: '' }), 400, 'function_name is required');
    expect((await generate(body, new ApiClient(server.baseUrl))).status).toBe(401);
    const outsider = await signUpUser(server.baseUrl);
    expect((await generate(body, outsider)).status).toBe(403);
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', projectId).execute();
    try {
      expectError(await generate(body), 403, MSG.licenceExpired);
    } finally {
      await server.ctx.db.updateTable('projects').set({ expires_at: null }).where('id', '=', projectId).execute();
    }
  });
});
