import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { NUL_MESSAGE } from '../http/text-guard.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
let head: string;
const canary = path.join(os.tmpdir(), `stepwise-pwned-${process.pid}`);
beforeAll(async () => {
  ws = await startWorkspace();
  expectOk(await ws.call('create-folder', { parentPath: '', name: 'auth' }));
  expectOk(await ws.call('push-scenario', { name: 'Login', parentPath: 'auth', data: 'Scenario: In\n  Given x' }));
  head = ws.git('rev-parse', 'main');
});
afterAll(async () => {
  await ws.server.close();
  fs.rmSync(canary, { force: true });
});

const TRAVERSAL = ['../../etc/passwd', '.git/config', 'a/.GIT./hooks', 'git~1', '/etc/passwd', 'auth/../../..', '..', 'auth/./x', 'a\\b', '-rf', `--output=${canary}`, '--upload-pack=touch /tmp/x'];
const OPTIONS = ['--upload-pack=x', `--output=${canary}`, '-c', '--all', '--exec=sh'];

/** Each call with one field replaced by a hostile value: must be 400 with nothing written. */
const writes: Array<[string, (v: string) => Record<string, unknown>]> = [
  ['create-folder parentPath', (v) => ({ parentPath: v, name: 'x' })],
  ['push-scenario parentPath', (v) => ({ parentPath: v, name: 'Login', data: 'Scenario: y' })],
  ['push-scenario name', (v) => ({ parentPath: 'auth', name: v, data: 'Scenario: y', replaceFile: true, scenarioIndex: 0 })],
  ['create-feature parentPath', (v) => ({ parentPath: v, name: 'Fine' })],
  ['rename-feature parentPath', (v) => ({ parentPath: v, oldName: 'Login', newName: 'Other' })],
  ['rename-feature oldName', (v) => ({ parentPath: 'auth', oldName: v, newName: 'Other' })],
  ['delete-feature parentPath', (v) => ({ parentPath: v, name: 'Login' })],
  ['delete-feature name', (v) => ({ parentPath: 'auth', name: v })],
  ['edit-folder parentPath', (v) => ({ parentPath: v, destinationPath: '', oldName: 'auth', action: 'Moved' })],
  ['edit-folder destinationPath', (v) => ({ parentPath: '', destinationPath: v, oldName: 'auth', action: 'Moved' })],
  ['edit-folder oldName', (v) => ({ parentPath: '', destinationPath: '', oldName: v, newName: 'renamed', action: 'Renamed' })],
  ['delete-folder deletePath', (v) => ({ deletePath: v, name: 'auth' })],
  ['delete-folder name', (v) => ({ deletePath: '', name: v })],
  ['push-file directory', (v) => ({ directory: v, file: { name: 'x.mjs', content: 'x' } })],
  ['push-file file name', (v) => ({ directory: 'steps', file: { name: v, content: 'x' } })],
];

describe('hostile paths and names', () => {
  it.each(writes)('%s: traversal and option-like values are refused with 400 and nothing is written', async (label, make) => {
    for (const value of TRAVERSAL) {
      const call = label.split(' ')[0];
      const res = await ws.call(call, make(value));
      expect(res.status, `${label} = ${value}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect(ws.git('rev-parse', 'main')).toBe(head);
    expect(fs.existsSync(canary)).toBe(false);
  });

  it.each(writes)('%s: a NUL byte is refused with 400', async (label, make) => {
    expectError(await ws.call(label.split(' ')[0], make('auth\u0000x')), 400, NUL_MESSAGE);
    expect(ws.git('rev-parse', 'main')).toBe(head);
  });

  it('option-like branch names are refused everywhere with 400', async () => {
    for (const branch of OPTIONS) {
      expectError(await ws.call('get-feature-list-for-branch', { branch }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.call('push-scenario', { branch, name: 'Login', parentPath: 'auth', data: 'Scenario: z' }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.call('create-folder', { branch, parentPath: '', name: 'x' }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.call('push-file', { branch, directory: 'steps', file: { name: 'x.mjs', content: 'x' } }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.call('create-new-branch', { sourceBranch: branch, newBranch: 'ok' }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.call('create-new-branch', { sourceBranch: 'main', newBranch: branch }), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.admin.api.delete('workspace/delete-branch', { projectId: ws.projectId, branch }), 400, WS_MSG.branchNameInvalid);
      const q = new URLSearchParams({ projectId: ws.projectId, branch, directory: 'steps', file_path: 'steps/x.mjs', fileName: 'x.mjs' });
      expectError(await ws.admin.api.get(`workspace/get-files?${q}`), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.admin.api.get(`workspace/get-file-content?${q}`), 400, WS_MSG.branchNameInvalid);
      expectError(await ws.admin.api.delete(`workspace/delete-file?${q}`), 400, WS_MSG.branchNameInvalid);
    }
    expect(ws.git('for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
    expect(ws.git('rev-parse', 'main')).toBe(head);
    expect(fs.existsSync(canary)).toBe(false);
  });

  it('reads refuse traversal, absolute paths and NUL with 400', async () => {
    for (const p of ['../../etc/passwd', '/etc/passwd', 'features/../../../etc/passwd', '--output=x', 'steps/\u0000x']) {
      const q = new URLSearchParams({ projectId: ws.projectId, file_path: p, directory: p });
      expect((await ws.admin.api.get(`workspace/get-file-content?${q}`)).status, p).toBe(400);
      expect((await ws.admin.api.get(`workspace/get-files?${q}`)).status, p).toBe(400);
      expect((await ws.call('last-updated', { directory: p, file: 'x' })).status, p).toBe(400);
    }
  });

  it('leaves the repository sound', () => {
    expect(ws.git('fsck', '--no-progress', '--no-dangling')).toBe('');
    expect(ws.git('ls-tree', '-r', '--name-only', 'main').split('\n').every((f) => /^(features|steps|environments|data)\/|^README\.md$/.test(f))).toBe(true);
  });
});
