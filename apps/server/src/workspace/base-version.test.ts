import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import type { ApiResult } from '../test/api-client.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { addMemberToProject, signUpUser, type TestUser } from '../test/factories.ts';
import { blobIdOf } from './blob-id.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
let member: TestUser;
beforeAll(async () => {
  ws = await startWorkspace();
  member = await signUpUser(ws.server.baseUrl);
  await addMemberToProject(ws.admin, member, ws.projectId);
  expectOk(await ws.call('push-env', { name: 'staging', data: { baseUrl: 'https://staging.example' } }));
});
afterAll(() => ws.server.close());

const head = () => ws.git('rev-parse', 'main');
/** Another file changes: a base read before it must still be accepted. */
const unrelatedCommit = async () => expectOk(await ws.call('push-file', { directory: 'data', file: { name: `other-${Date.now()}.json`, content: '{}' } }));

/** A stale write: 409 with the current version (and what else `current` names), nothing committed. */
async function expectStale(send: () => Promise<ApiResult>, message: string, version: string | null, current: Record<string, unknown> = {}) {
  const before = head();
  const res = await send();
  expectError(res, 409, message);
  expect(res.body).toMatchObject({ commit: before, version, ...current });
  expect(head()).toBe(before);
  return res;
}

/** Sends `count` writes from one base at once: exactly one is written, every other one is 409. */
async function expectOneWinner(send: (i: number) => Promise<ApiResult>, count = 4): Promise<number> {
  const results = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
  expect(winners, JSON.stringify(results.map((r) => [r.status, r.body.error]))).toHaveLength(1);
  for (const r of results) if (r.status !== 200) expect(r.body).toMatchObject({ status: 'error', error: expect.any(String), version: expect.any(String) });
  expect(results.filter((r) => r.status === 409)).toHaveLength(count - 1);
  return winners[0];
}

describe('push-file and get-file-content', () => {
  const push = (content: string, baseVersion?: string | null, user = ws.admin) =>
    ws.call('push-file', { directory: 'steps', file: { name: 'shared.mjs', content }, ...(baseVersion === undefined ? {} : { baseVersion }) }, user);
  const read = async () => (await ws.admin.api.get(`workspace/get-file-content?projectId=${ws.projectId}&file_path=steps/shared.mjs`)).body;

  it('creates only with a null base, then writes over the version read and answers the new one', async () => {
    const created = await push('// one\n', null);
    expectOk(created);
    expect(created.body.version).toBe(blobIdOf('// one\n'));
    expect(await read()).toMatchObject({ content: '// one\n', version: created.body.version });
    await expectStale(() => push('// again\n', null), WS_MSG.staleFile, created.body.version, { content: '// one\n' });
    await unrelatedCommit();
    const next = await push('// two\n', created.body.version);
    expectOk(next);
    expect(ws.show('steps/shared.mjs')).toBe('// two\n');
  });

  it('refuses a stale base with 409, the current version and content, writing nothing', async () => {
    const seen = (await read()).version;
    expectOk(await push('// theirs\n', seen, member));
    await expectStale(() => push('// mine\n', seen), WS_MSG.staleFile, blobIdOf('// theirs\n'), { content: '// theirs\n' });
    expect(ws.show('steps/shared.mjs')).toBe('// theirs\n');
  });

  it('writes without a base as before (clients that send none)', async () => {
    expectOk(await push('// anyone\n'));
    expect(ws.show('steps/shared.mjs')).toBe('// anyone\n');
  });

  it('lets exactly one of concurrent writes from the same base win', async () => {
    const base = (await read()).version;
    const winner = await expectOneWinner((i) => push(`// writer ${i}\n`, base, i % 2 ? member : ws.admin));
    expect(ws.show('steps/shared.mjs')).toBe(`// writer ${winner}\n`);
  });
});

describe('upload-mjs (step code)', () => {
  const upload = (content: string, baseVersion?: string | null) =>
    ws.call('upload-mjs', { files: [{ name: 'cart.mjs', content, ...(baseVersion === undefined ? {} : { baseVersion }) }] });

  it('checks each file against the version the steps answered, and one of concurrent saves wins', async () => {
    expectOk(await upload("import { When } from '@cucumber/cucumber';\nWhen('I add socks', async function () {});\n", null));
    expectOk(await ws.call('push-scenario', { name: 'Cart.feature', parentPath: '', data: 'Scenario: Socks\n  When I add socks' }));
    const steps = await ws.call('get-step-code-by-scenario', { featureName: 'Cart.feature', scenarioName: 'Socks' });
    const base = steps.body.stepInfo[0].mjsFileVersion;
    expect(base).toBe(ws.git('rev-parse', 'main:steps/cart.mjs'));
    const theirs = "import { When } from '@cucumber/cucumber';\nWhen('I add socks', async function () { /* theirs */ });\n";
    expectOk(await upload(theirs, base));
    const stale = await expectStale(() => upload('// mine\n', base), WS_MSG.staleFile, blobIdOf(theirs), { content: theirs, file: 'steps/cart.mjs' });
    const winner = await expectOneWinner((i) => upload(`// writer ${i}\n`, stale.body.version));
    expect(ws.show('steps/cart.mjs')).toBe(`// writer ${winner}\n`);
  });
});

describe('changeTestData', () => {
  const row = (value: string) => ({ key: 'user', value, DataType: 'string', environment: '*' });
  const load = async () => (await ws.admin.api.get(`workspace/testData?projectId=${ws.projectId}&branch=main`)).body;
  const save = (value: string, baseVersion?: string | null, user = ws.admin) =>
    ws.call('changeTestData', { testData: [row(value)], ...(baseVersion === undefined ? {} : { baseVersion }) }, user);

  it('answers the version with the rows (null before the first save) and writes over it', async () => {
    expect(await load()).toMatchObject({ testData: [], version: null });
    const first = await save('ada', null);
    expectOk(first);
    expect(first.body.version).toBe(ws.git('rev-parse', 'main:data/test-data.json'));
    expect(await load()).toMatchObject({ testData: [row('ada')], version: first.body.version });
    await unrelatedCommit();
    expectOk(await save('bob', first.body.version));
    expect((await load()).testData).toEqual([row('bob')]);
  });

  it('refuses a stale base with 409, the current version and rows, writing nothing', async () => {
    const seen = (await load()).version;
    expectOk(await save('theirs', seen, member));
    const now = (await load()).version;
    await expectStale(() => save('mine', seen), WS_MSG.staleTestData, now, { testData: [row('theirs')] });
    expectOk(await save('mine', now));
    expect((await load()).testData).toEqual([row('mine')]);
  });

  it('lets exactly one of concurrent saves from the same base win', async () => {
    const base = (await load()).version;
    const winner = await expectOneWinner((i) => save(`writer ${i}`, base, i % 2 ? member : ws.admin));
    expect((await load()).testData).toEqual([row(`writer ${winner}`)]);
  });
});

describe('edit-env', () => {
  const list = async () => (await ws.call('get-env-list')).body.allEnv as Array<{ name: string; baseUrl: string; version: string }>;
  const staging = async () => (await list()).find((e) => e.name === 'staging')!;
  const edit = (baseUrl: string, baseVersion?: string | null, newName = 'staging', user = ws.admin) =>
    ws.call('edit-env', { name: 'staging', newName, newData: { baseUrl }, ...(baseVersion === undefined ? {} : { baseVersion }) }, user);

  it('lists each environment with its version and edits over it', async () => {
    const seen = await staging();
    expect(seen.version).toBe(ws.git('rev-parse', 'main:environments/staging.json'));
    await unrelatedCommit();
    const res = await edit('https://stage-1.example', seen.version);
    expectOk(res);
    expect(res.body.environment.version).toBe((await staging()).version);
  });

  it('refuses a stale base with 409, the current version and environment, writing nothing', async () => {
    const seen = await staging();
    expectOk(await edit('https://theirs.example', seen.version, 'staging', member));
    const now = await staging();
    await expectStale(() => edit('https://mine.example', seen.version), WS_MSG.staleEnv, now.version, {
      environment: { name: 'staging', baseUrl: 'https://theirs.example', file: 'environments/staging.json', version: now.version },
    });
    await expectStale(() => edit('https://mine.example', seen.version, 'renamed'), WS_MSG.staleEnv, now.version);
    expect((await staging()).baseUrl).toBe('https://theirs.example');
  });

  it('lets exactly one of concurrent edits from the same base win', async () => {
    const base = (await staging()).version;
    const winner = await expectOneWinner((i) => edit(`https://writer-${i}.example`, base, 'staging', i % 2 ? member : ws.admin));
    expect((await staging()).baseUrl).toBe(`https://writer-${winner}.example`);
  });
});

describe('push-scenario', () => {
  const feature = 'Feature: Shop\n\n  Scenario: Pay\n    Given a cart\n';
  const commitOf = async () => (await ws.call('get-feature-list')).body.commit as string;
  const edit = (step: string, baseCommit?: string, user = ws.admin) =>
    ws.call('push-scenario', { name: 'Shop.feature', parentPath: '', scenarioIndex: 0, data: `  Scenario: Pay\n    Given ${step}\n`, baseCommit }, user);

  it('refuses a stale base with 409, the head and the file as it is now; unrelated commits and appends pass', async () => {
    expectOk(await ws.call('push-scenario', { name: 'Shop.feature', parentPath: '', data: feature, replaceFile: true }));
    const seen = await commitOf();
    await unrelatedCommit();
    expectOk(await edit('their cart', seen, member));
    const theirs = ws.show('features/Shop.feature')!;
    await expectStale(() => edit('my cart', seen), WS_MSG.staleEdit, blobIdOf(theirs), { content: theirs });
    expectOk(await ws.call('push-scenario', { name: 'Shop.feature', parentPath: '', scenarioIndex: null, data: 'Scenario: Refund\n  Given a receipt', baseCommit: seen }));
    const now = await commitOf();
    expectOk(await edit('my cart', now));
    expect(ws.show('features/Shop.feature')).toContain('Given my cart');
  });

  it('lets exactly one of concurrent edits from the same base win', async () => {
    const base = await commitOf();
    const winner = await expectOneWinner((i) => edit(`cart ${i}`, base, i % 2 ? member : ws.admin));
    expect(ws.show('features/Shop.feature')).toContain(`Given cart ${winner}\n`);
  });
});
