import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createAccessKey, createProject, signUpUser } from '../../test/factories.ts';
import { storeLargeRun } from './large-run.ts';

/**
 * An export holds a page of the run, never the run: while a run of 2,000 and one of 8,000 test cases
 * (steps in their rows) are exported through the real route, the heap is collected every quarter of
 * the small run's body (every sixteenth of the large one's) and its size read. What stays live during
 * the export (over the heap before it) must not grow with the run: the 8,000-case export may hold at
 * most SLACK_MB more than the 2,000-case one (a list of the run's test cases kept to the end would
 * hold ~4x as much). And what an export makes must die young: garbage that reaches V8's old
 * generation waits for a full collection, and the resident memory grows with the run meanwhile.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const SMALL = 2000;
const LARGE = 8000;
const SLACK_MB = 6;
const BOUND_MB = 48;
const PROMOTED_MB = 5;
const MB = 1024 * 1024;

let server: TestServer;
let key: string;
const runs: Record<number, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpUser(server.baseUrl);
  const projectId = await createProject(user, { name: 'Export memory' });
  key = (await createAccessKey(user, projectId)).token;
  runs[SMALL] = await storeLargeRun(server.ctx, projectId, SMALL);
  runs[LARGE] = await storeLargeRun(server.ctx, projectId, LARGE);
}, 120_000);
afterAll(() => server?.close());

function liveHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The export's size, and the most the heap held over its size before the export, in MB. */
async function liveDuringExport(runId: string, format: string, probeEvery = Infinity): Promise<{ bytes: number; growthMb: number }> {
  const before = liveHeap();
  let most = 0;
  let bytes = 0;
  let sinceProbe = 0;
  const res = await fetch(`${server.baseUrl}/api/runs/export?runId=${runId}&format=${format}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    sinceProbe += chunk.length;
    if (sinceProbe >= probeEvery) {
      sinceProbe = 0;
      most = Math.max(most, liveHeap() - before);
    }
  }
  return { bytes, growthMb: most / MB };
}

/** The old generation's size in MB (what outlived two young-generation collections, and garbage there). */
const oldSpaceMb = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size / MB;

describe('exports in constant memory', () => {
  for (const format of ['ndjson', 'junit']) {
    it(`${format}: what an export makes dies young (its garbage does not wait for a full collection)`, async () => {
      await liveDuringExport(runs[SMALL], format);
      liveHeap();
      const before = oldSpaceMb();
      let grown = 0;
      let bytes = 0;
      const res = await fetch(`${server.baseUrl}/api/runs/export?runId=${runs[LARGE]}&format=${format}`, { headers: { authorization: `Bearer ${key}` } });
      // No collection here: what reached the old generation is read as the body arrives, its most
      // kept (a full collection V8 starts on its own would hide what came before it). With test cases
      // kept through the young collections (a WeakMap keyed by them) it reached +11 MB for 8,000.
      for await (const chunk of res.body!) {
        bytes += chunk.length;
        grown = Math.max(grown, oldSpaceMb() - before);
      }
      console.log(`${format}: ${LARGE} test cases ${(bytes / MB).toFixed(1)} MB, old generation at most +${grown.toFixed(1)} MB`);
      expect(grown).toBeLessThan(PROMOTED_MB);
    }, 180_000);
  }

  for (const format of ['ndjson', 'json', 'junit', 'html']) {
    it(`${format}: the heap an export holds does not grow with the run`, async () => {
      // The first export loads modules and runs first queries; its size gives the probes' spacing.
      const first = await liveDuringExport(runs[SMALL], format);
      const probeEvery = Math.max(64 * 1024, first.bytes / 4);
      const small = await liveDuringExport(runs[SMALL], format, probeEvery);
      const large = await liveDuringExport(runs[LARGE], format, probeEvery);
      console.log(`${format}: ${SMALL} test cases ${(small.bytes / MB).toFixed(1)} MB, live +${small.growthMb.toFixed(1)} MB; ${LARGE}: ${(large.bytes / MB).toFixed(1)} MB, live +${large.growthMb.toFixed(1)} MB`);
      // The larger export is ~4x the bytes: the probes did run through it.
      expect(large.bytes).toBeGreaterThan(3.5 * small.bytes);
      expect(large.growthMb).toBeLessThan(small.growthMb + SLACK_MB);
      expect(large.growthMb).toBeLessThan(BOUND_MB);
    }, 180_000);
  }
});
