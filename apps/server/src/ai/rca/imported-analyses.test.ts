import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createAccessKey, createProject, signUpUser } from '../../test/factories.ts';
import { listTestCases } from '../../runs/runs.repository.ts';
import { importedAnalysesSettled } from './imported-analyses.ts';

// A report imported as Cucumber messages gets the root-cause analysis of its failures too: read back
// from its stored report after the upload is answered.

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/runner/src/import/fixtures/messages-28.ndjson');
let server: TestServer;
let project: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpUser(server.baseUrl);
  project = await createProject(user, { name: 'Imported causes' });
  key = (await createAccessKey(user, project)).token;
});
afterAll(() => server.close());

describe('root causes of an imported run', () => {
  it('analyses each counted failure of an NDJSON upload from the steps kept in its stored report', async () => {
    const res = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${project}&format=ndjson`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      body: fs.readFileSync(FIXTURE),
    });
    expect(res.status).toBe(200);
    const { runId } = (await res.json()) as { runId: string };
    await importedAnalysesSettled(server.ctx);
    const cases = await listTestCases(server.ctx.db, runId);
    const failed = cases.filter((c) => c.status === 'FAILED' && !c.superseded);
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      expect(c.analysis).toMatchObject({ category: expect.any(String), summary: expect.any(String), suggestedAction: expect.any(String) });
      expect(c.analysis_signature).toMatch(/^[0-9a-f]{16}$/);
    }
    const upload = failed.find((c) => (c.error_message ?? '').includes('upload refused'));
    expect(upload?.analysis).toMatchObject({ category: 'step_code_error' });
    for (const c of cases.filter((x) => x.status === 'PASSED')) expect(c.analysis).toBeNull();
  });
});
