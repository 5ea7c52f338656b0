import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackCompressed, withOwnPart } from '../cache/shared-compression.ts';
import { expectOk } from '../test/assertions.ts';
import { clearCommitCache } from './feature-files.ts';
import { clearTreeCache, featureListJson } from './feature-list.ts';
import { cachedFeature, clearParseCache } from './parse-cache.ts';
import { TreeIndex } from './tree-index.ts';
import { workspaceServices } from './workspace-services.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
let dir: string;
beforeAll(async () => {
  ws = await startWorkspace();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-tree-index-'));
  expectOk(await ws.call('create-folder', { parentPath: '', name: 'cart' }));
  for (const name of ['add', 'remove']) {
    const data = `@cart\nFeature: ${name}\n\n  Scenario: ${name} an item\n    Given the cart is empty\n    When I ${name} "socks"\n`;
    expectOk(await ws.call('push-scenario', { name: `${name}.feature`, parentPath: 'cart', data, replaceFile: true }));
  }
});
afterAll(async () => {
  await ws.server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const selection = { lastActiveFolder: null, lastActiveFeature: null, featureIndex: null, scenarioIndex: null };
const list = async (index: TreeIndex, branch = 'main') =>
  Buffer.concat((await featureListJson(ws.server.ctx.workspaces, ws.projectId, branch, selection, true, index)).parts).toString();
/** What a restart forgets: every tree, commit listing and parsed file held in memory. */
const forget = () => {
  clearTreeCache();
  clearCommitCache();
  clearParseCache();
};
const featureBlobs = (branch = 'main') => ws.git('ls-tree', '-r', '--format=%(objectname)', branch, 'features/').split('\n').filter(Boolean);
const stored = (index: TreeIndex) => (fs.existsSync(index.dir) ? fs.readdirSync(index.dir).sort() : []);

describe('the features tree index', () => {
  it('is written on the first listing and answers the first listing after a restart without parsing a file', async () => {
    const index = new TreeIndex(path.join(dir, 'first'));
    forget();
    const first = await list(index);
    await index.flush();
    const treeId = ws.git('rev-parse', 'main:features');
    expect(stored(index)).toEqual([`${treeId}.compact.v2.json`]);

    forget();
    const again = await list(index);
    expect(again).toBe(first);
    expect(JSON.parse(again).foldersAndFeatures[0].children.map((n: { name: string }) => n.name)).toEqual(['add.feature', 'remove.feature']);
    for (const oid of featureBlobs()) expect(cachedFeature(oid)).toBeUndefined();
  });

  it('serves a branch whose features did not change from the same file, and a changed one from a new file', async () => {
    const index = new TreeIndex(path.join(dir, 'branches'));
    forget();
    await list(index);
    expectOk(await ws.call('create-new-branch', { newBranch: 'same', sourceBranch: 'main' }));
    expectOk(await ws.call('create-new-branch', { newBranch: 'changed', sourceBranch: 'main' }));
    const data = 'Feature: pay\n\n  Scenario: pay by card\n    Given a card\n';
    expectOk(await ws.call('push-scenario', { branch: 'changed', name: 'pay.feature', parentPath: 'cart', data, replaceFile: true }));
    await index.flush();

    forget();
    await list(index, 'same');
    await index.flush();
    expect(stored(index)).toHaveLength(1);
    const changed = JSON.parse(await list(index, 'changed'));
    await index.flush();
    expect(stored(index)).toHaveLength(2);
    expect(changed.foldersAndFeatures[0].children.map((n: { name: string }) => n.name)).toEqual(['add.feature', 'pay.feature', 'remove.feature']);
    expect(changed.commit).toBe(ws.git('rev-parse', 'changed'));
  });

  it('ignores a damaged file: the tree is parsed again and the file written anew', async () => {
    const index = new TreeIndex(path.join(dir, 'damaged'));
    forget();
    const first = await list(index);
    await index.flush();
    const [name] = stored(index);
    const file = path.join(index.dir, name);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40));

    forget();
    expect(await list(index)).toBe(first);
    await index.flush();
    // The file holds the tree: the answer up to the caller's own fields.
    expect(fs.readFileSync(file, 'utf8')).toBe(first.slice(0, first.indexOf('"status"')));
  });

  it('keeps the compressed trees beside it: each made on the first answer in its encoding, read after a restart', async () => {
    const index = new TreeIndex(path.join(dir, 'compressed'));
    forget();
    const answer = await featureListJson(ws.server.ctx.workspaces, ws.projectId, 'main', selection, true, index);
    const made = { gzip: await answer.shared!('gzip'), br: await answer.shared!('br') };
    await index.flush();
    const treeId = ws.git('rev-parse', 'main:features');
    expect(stored(index)).toEqual([`${treeId}.compact.v2.br`, `${treeId}.compact.v2.gzip`, `${treeId}.compact.v2.json`]);

    forget();
    const again = await featureListJson(ws.server.ctx.workspaces, ws.projectId, 'main', selection, true, index);
    const whole = Buffer.concat(again.parts).toString();
    for (const encoding of ['gzip', 'br'] as const) {
      const read = await again.shared!(encoding);
      expect(read).not.toBe(made[encoding]);
      expect(read.raw.equals(made[encoding].raw)).toBe(true);
      const bytes = withOwnPart(read, again.parts[1]);
      expect((encoding === 'gzip' ? gunzipSync(bytes) : brotliDecompressSync(bytes)).toString()).toBe(whole);
    }

    // A damaged file is made again.
    const file = path.join(index.dir, `${treeId}.compact.v2.gzip`);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(1));
    forget();
    const third = await featureListJson(ws.server.ctx.workspaces, ws.projectId, 'main', selection, true, index);
    expect((await third.shared!('gzip')).raw.equals(made.gzip.raw)).toBe(true);
    await index.flush();
    expect(unpackCompressed(fs.readFileSync(file), 'gzip')).not.toBe(null);
  });

  it('keeps the folder under its budget by removing the files read longest ago', async () => {
    const index = new TreeIndex(path.join(dir, 'budget'), 1);
    forget();
    await list(index, 'main');
    await index.flush();
    const mainFile = stored(index)[0];
    forget();
    await list(index, 'changed');
    await index.flush();
    expect(stored(index)).toHaveLength(1);
    expect(stored(index)[0]).not.toBe(mainFile);
    expect(stored(index)[0]).toBe(`${ws.git('rev-parse', 'changed:features')}.compact.v2.json`);
  });

  it('removes the files of other format versions when it writes', async () => {
    const index = new TreeIndex(path.join(dir, 'versions'));
    fs.mkdirSync(index.dir, { recursive: true });
    const old = `${ws.git('rev-parse', 'main:features')}.compact.v1.json`;
    fs.writeFileSync(path.join(index.dir, old), '"allTags":[],"foldersAndFeatures":[]}');
    forget();
    await list(index);
    await index.flush();
    expect(stored(index)).toEqual([`${ws.git('rev-parse', 'main:features')}.compact.v2.json`]);
  });

  it('is kept by the server under DATA_DIR/tree-index', async () => {
    forget();
    expectOk(await ws.call('get-feature-list', { compact: true }));
    const indexDir = path.join(ws.server.ctx.config.dataDir, 'tree-index');
    await workspaceServices(ws.server.ctx).features.treeIndex.flush();
    expect(fs.readdirSync(indexDir)).toContain(`${ws.git('rev-parse', 'main:features')}.compact.v2.json`);
  });
});
