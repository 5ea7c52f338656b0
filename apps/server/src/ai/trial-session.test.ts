import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser } from '../test/factories.ts';
import { TrialSession } from './trial-session.ts';

/** A trial session on a demo project: the step library's steps, a workspace step, candidate code, in the sandbox. */
let server: TestServer;
let projectId: string;
let commit: string;

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  const user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'Trial shop', demo: true });
  commit = await server.ctx.workspaces.write(projectId, 'main', { name: 'T', email: user.email }, 'a step of our own', async () => [
    { path: 'steps/own.mjs', content: "import { When } from '@cucumber/cucumber';\nWhen('I go to the cart page', async function () { await this.page.goto('cart'); });\n" },
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('a trial session', () => {
  it('runs library and workspace steps by their text, tries candidate code, and says why code fails', async () => {
    const baseUrl = `http://localhost:${server.ctx.config.port}/demo-shop/`;
    const { session, page, known } = await TrialSession.open(server.ctx, { projectId, commit, env: { name: 'demo', baseUrl }, testData: { term: 'mug' } });
    try {
      // A blank page, as a scenario of a run starts on.
      expect(page.url).toBe('about:blank');
      expect(known[0]).toMatchObject({ url: baseUrl, title: 'Demo Shop' });
      expect(known.map((k) => k.title)).toEqual(expect.arrayContaining(['Log in - Demo Shop']));
      expect((await session.step('I am on the home page')).page.aria).toContain('searchbox "Search products"');
      expect((await session.step('fill "Search products" with "{{term}}"')).matched).toBe(true);
      const searched = await session.step('I press "Enter"');
      expect(searched).toMatchObject({ matched: true, page: { url: `${baseUrl}search?q=mug` } });
      expect(searched.page.aria).toContain('Ceramic Coffee Mug');
      // No definition: nothing runs.
      expect((await session.step('I admire the mug')).matched).toBe(false);

      const follow = { expression: 'I follow the {string} link', params: ['name'], body: "await this.page.getByRole('link', { name }).first().click();" };
      const product = await session.tryCode('I follow the "Ceramic Coffee Mug" link', follow);
      expect(product.url).toContain('product?id=');
      // Tried code is a step from then on.
      expect((await session.step('I go to the cart page')).page.url).toBe(`${baseUrl}cart`);
      await expect(session.tryCode('I follow the "Nowhere" link', { ...follow, body: "await this.page.getByRole('link', { name }).click({ timeout: 500 });" })).rejects.toThrow(/Timeout 500ms/);
      await expect(session.tryCode('I follow the "X" link', { ...follow, expression: 'I follow {string}' })).rejects.toThrow(/does not match/);
    } finally {
      session.close();
    }
  }, 90_000);
});
