import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../blobs/blob-store.ts';
import { buildSourceIndex, indexKeyOf, readSourceIndex } from './source-index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-index-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('source index', () => {
  it('gives back each test case’s message places by position, and nothing for a position it does not have', async () => {
    const blobs = new FsBlobStore(dir);
    const places = [[0, 10, 50, 7], [], [4_000_000_000, 12, 11, 3, 99, 1]];
    const key = indexKeyOf('runs/p/r/report.ndjson');
    expect(key).toBe('runs/p/r/report.index');
    await blobs.put(key, Buffer.from(buildSourceIndex(places)), 'application/octet-stream');
    for (let i = 0; i < places.length; i++) expect(await readSourceIndex(blobs, key, i)).toEqual(places[i]);
    for (const bad of [3, -1, 1.5, 1e9]) expect(await readSourceIndex(blobs, key, bad)).toBeNull();
    expect(await readSourceIndex(blobs, 'runs/p/r/none.index', 0)).toBeNull();
    // Places given in parts are written one part after the other: the same index.
    const parts = [[[0, 10], [50, 7]], [], [[], [4_000_000_000, 12, 11, 3], [99, 1]]];
    expect(Buffer.from(buildSourceIndex(parts))).toEqual(Buffer.from(buildSourceIndex(places)));
  });
});
