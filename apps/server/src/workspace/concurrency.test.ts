import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../test/assertions.ts';
import { addMemberToProject, signUpUser, type TestUser } from '../test/factories.ts';
import { parseFeature } from './gherkin-parse.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

const CLIENTS = 20;
const CALLS_EACH = 10;

let ws: Workspace;
let users: TestUser[];
beforeAll(async () => {
  ws = await startWorkspace('Busy');
  users = [];
  for (let i = 0; i < CLIENTS; i++) users.push(await signUpUser(ws.server.baseUrl, { firstname: 'Client', lastname: `No${i}` }));
  for (const u of users) await addMemberToProject(ws.admin, u, ws.projectId);
  expectOk(await ws.call('push-scenario', { name: 'Shared', parentPath: '', data: 'Feature: Shared\n\n  Scenario: Seed\n    Given the shop is open\n', replaceFile: true }));
}, 120_000);
afterAll(() => ws.server.close());

describe('200 concurrent push-scenario calls to one feature from 20 clients', () => {
  it('keeps every accepted edit in history and in the file, and corrupts nothing', async () => {
    const calls = users.flatMap((u, i) =>
      Array.from({ length: CALLS_EACH }, (_, j) => {
        const name = `Client ${i} edit ${j}`;
        return ws
          .call('push-scenario', { branch: 'main', name: 'Shared', parentPath: '', scenarioIndex: null, data: `  Scenario: ${name}\n    Given client ${i} step ${j}` }, u)
          .then((res) => ({ name, user: u, i, res }));
      }),
    );
    const results = await Promise.all(calls);
    const accepted = results.filter((r) => r.res.status === 200);
    const refused = results.filter((r) => r.res.status !== 200);
    // A refused write must say so (conflict), never fail silently or with a server error.
    for (const r of refused) expect([409], JSON.stringify(r.res.body)).toContain(r.res.status);
    expect(accepted.length).toBeGreaterThanOrEqual(190);

    const file = ws.show('features/Shared.feature')!;
    const parsed = parseFeature(file);
    expect(parsed.parseError).toBeNull();
    const names = parsed.scenarios.map((s) => s.name);
    expect(names).toHaveLength(1 + accepted.length);
    expect(new Set(names).size).toBe(names.length);
    const history = new Map(ws.git('log', '--format=%H|%an|%s', 'main').split('\n').map((l) => [l.slice(0, 40), l.slice(41)]));
    for (const r of accepted) {
      expect(names).toContain(r.name);
      expect(history.get(r.res.body.commit)).toBe(`Client No${r.i}|Client No${r.i}: add scenario '${r.name}' to Shared.feature`);
    }
    for (const r of refused) expect(names).not.toContain(r.name);

    const subjects = ws.log();
    expect(subjects.filter((s) => s.includes(': add scenario ')).length).toBe(accepted.length);
    expect(new Set(accepted.map((r) => r.res.body.commit)).size).toBe(accepted.length);
    expect(ws.git('fsck', '--no-progress', '--no-dangling', '--strict')).toBe('');

    const count = await ws.call('features-count');
    expect(count.body.scenariosCount).toBe(1 + accepted.length);
    const row = await ws.server.ctx.db.selectFrom('projects').select('scenario_count').where('id', '=', ws.projectId).executeTakeFirstOrThrow();
    expect(row.scenario_count).toBe(1 + accepted.length);
  }, 300_000);
});
