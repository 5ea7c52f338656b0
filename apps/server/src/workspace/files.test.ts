import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await startWorkspace();
});
afterAll(() => ws.server.close());

const q = (params: Record<string, string>) => new URLSearchParams({ projectId: ws.projectId, ...params }).toString();

describe('push-file, get-files, get-file-content, delete-file', () => {
  it('writes a file in one commit and lists it with its size', async () => {
    const res = await ws.call('push-file', { branch: 'main', directory: 'steps/helpers', file: { name: 'cart.mjs', content: 'export const x = 1;\n' } });
    expectOk(res);
    expect(res.body.path).toBe('steps/helpers/cart.mjs');
    expect(ws.show('steps/helpers/cart.mjs')).toBe('export const x = 1;\n');
    expect(ws.log()[0]).toBe('Ada Lovelace: save file steps/helpers/cart.mjs');
    const list = await ws.admin.api.get(`workspace/get-files?${q({ directory: 'steps/helpers', branch: 'main' })}`);
    expectOk(list);
    expect(list.body.files).toEqual([{ name: 'cart.mjs', size: 20 }]);
  });

  it('reads a file back, on main by default', async () => {
    const res = await ws.admin.api.get(`workspace/get-file-content?${q({ file_path: 'steps/helpers/cart.mjs' })}`);
    expectOk(res);
    expect(res.body).toMatchObject({ file_path: 'steps/helpers/cart.mjs', content: 'export const x = 1;\n' });
    expectError(await ws.admin.api.get(`workspace/get-file-content?${q({ file_path: 'steps/none.mjs' })}`), 404, WS_MSG.fileNotFound);
    expectError(await ws.admin.api.get(`workspace/get-file-content?${q({ file_path: 'steps' })}`), 400, WS_MSG.invalidPath);
  });

  it('deletes a file and keeps its folder', async () => {
    expectOk(await ws.admin.api.delete(`workspace/delete-file?${q({ directory: 'steps/helpers', fileName: 'cart.mjs', branch: 'main' })}`));
    expect(ws.show('steps/helpers/cart.mjs')).toBeNull();
    expect(ws.show('steps/helpers/.gitkeep')).toBe('');
    const list = await ws.admin.api.get(`workspace/get-files?${q({ directory: 'steps/helpers' })}`);
    expect(list.body.files).toEqual([]);
    expectError(await ws.admin.api.delete(`workspace/delete-file?${q({ directory: 'steps/helpers', fileName: 'cart.mjs' })}`), 404, WS_MSG.fileNotFound);
  });

  it('confines every path to features/, steps/, environments/ and data/', async () => {
    const head = ws.git('rev-parse', 'main');
    for (const directory of ['', '.', 'src', '/etc', '../steps', 'steps/../..', 'steps\\x', '-steps']) {
      expectError(await ws.call('push-file', { directory, file: { name: 'x.mjs', content: '' } }), 400, WS_MSG.invalidPath);
    }
    for (const name of ['', '..', 'a/b.mjs', '../x', '-x', '--upload-pack=evil']) {
      expectError(await ws.call('push-file', { directory: 'steps', file: { name, content: '' } }), 400, WS_MSG.invalidPath);
    }
    for (const file_path of ['../../etc/passwd', '/etc/passwd', 'README.md', 'steps/../../etc/passwd', '.git/config']) {
      expectError(await ws.admin.api.get(`workspace/get-file-content?${q({ file_path })}`), 400, WS_MSG.invalidPath);
    }
    expectError(await ws.admin.api.get(`workspace/get-files?${q({ directory: '../..' })}`), 400, WS_MSG.invalidPath);
    expectError(await ws.admin.api.delete(`workspace/delete-file?${q({ directory: 'steps', fileName: '../README.md' })}`), 400, WS_MSG.invalidPath);
    expect(ws.git('rev-parse', 'main')).toBe(head);
  });

  it('refuses files that are symbolic links, and paths through them', async () => {
    const link = execFileSync('git', [`--git-dir=${ws.gitDir}`, 'hash-object', '-w', '--stdin'], { input: '/etc/passwd' }).toString().trim();
    await ws.server.ctx.workspaces.write(ws.projectId, 'main', { name: 'Mallory', email: 'm@example.com' }, 'add link', async () => [
      { path: 'steps/passwd', content: null, oid: link, mode: '120000' },
      { path: 'data/dir-link', content: null, oid: link, mode: '120000' },
    ]);
    const head = ws.git('rev-parse', 'main');
    expectError(await ws.admin.api.get(`workspace/get-file-content?${q({ file_path: 'steps/passwd' })}`), 400, WS_MSG.symlinkRefused);
    expectError(await ws.admin.api.get(`workspace/get-file-content?${q({ file_path: 'data/dir-link/x' })}`), 400, WS_MSG.symlinkRefused);
    expectError(await ws.call('push-file', { directory: 'steps', file: { name: 'passwd', content: 'x' } }), 400, WS_MSG.symlinkRefused);
    expectError(await ws.call('push-file', { directory: 'data/dir-link', file: { name: 'x', content: 'x' } }), 400, WS_MSG.symlinkRefused);
    expectError(await ws.admin.api.delete(`workspace/delete-file?${q({ directory: 'steps', fileName: 'passwd' })}`), 400, WS_MSG.symlinkRefused);
    const list = await ws.admin.api.get(`workspace/get-files?${q({ directory: 'steps' })}`);
    expect(list.body.files.map((f: { name: string }) => f.name)).toEqual(['user_defined_functions.mjs']);
    expect(ws.git('rev-parse', 'main')).toBe(head);
  });
});

describe('get-stable-versions', () => {
  it('reports the installed cucumber version', async () => {
    const res = await ws.admin.api.get('workspace/get-stable-versions');
    expectOk(res);
    expect(res.body.versions.cucumber_client).toMatch(/^\d+\.\d+\.\d+/);
    expect((await ws.admin.api.withToken(null).get('workspace/get-stable-versions')).status).toBe(401);
  });
});
