import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../apps/server/src/test/test-server.ts';
import { createAccessKey, createProject, signUpUser } from '../../../../apps/server/src/test/factories.ts';
import { report, store, testCase } from '../../../../apps/server/src/runs/runs-fixtures.ts';
import { main } from '../main.ts';

/** `stepwise report` against a real server: each format to a file or standard output, progress on standard error. */
describe('stepwise report', () => {
  let server: TestServer;
  let key: string;
  let runId: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    const alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
    const project = await createProject(alice, { name: 'Report CLI' });
    key = (await createAccessKey(alice, project)).token;
    runId = (await store(server.ctx, project, report([testCase('adds an item', 'PASSED'), testCase('pays by card', 'FAILED')]))).runId;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-report-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command with standard error captured. */
  async function run(args: string[], out: NodeJS.WritableStream = process.stdout): Promise<{ code: number; errors: string }> {
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => errors.push(String(s)) > 0) as typeof process.stderr.write;
    try {
      const code = await main(['node', 'stepwise', 'report', ...args, '--server', server.baseUrl], out);
      return { code, errors: errors.join('') };
    } finally {
      process.stderr.write = write;
    }
  }

  it('writes the JUnit XML of a run to a file, with its progress on standard error', async () => {
    const file = path.join(dir, 'run.xml');
    const { code, errors } = await run([runId, '--format', 'junit', '--output', file, '--token', key]);
    expect(code).toBe(0);
    const xml = fs.readFileSync(file, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Nightly" tests="2" failures="1"/);
    expect(errors).toContain('Exporting JUnit XML...');
    expect(errors).toMatch(new RegExp(`JUnit XML: \\d+\\.\\d MB written to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('writes Cucumber messages to standard output by default', async () => {
    const chunks: Buffer[] = [];
    const { Writable } = await import('node:stream');
    const out = new Writable({ write: (c, _e, done) => (chunks.push(Buffer.from(c)), done()) });
    const { code } = await run([runId, '--token', key], out);
    expect(code).toBe(0);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].meta.implementation.name).toBe('stepwise');
    expect(lines.filter((l) => l.testCaseFinished)).toHaveLength(2);
    expect(lines.at(-1).testRunFinished.success).toBe(false);
  });

  it('says why when the run is unknown, the key is missing or the format is not one of the four (exit 2)', async () => {
    const unknown = await run(['no-such-run', '--format', 'json', '--token', key]);
    expect(unknown.code).toBe(2);
    expect(unknown.errors).toContain('Export of run no-such-run failed (404): Run not found');
    const noKey = await run([runId, '--format', 'json']);
    expect(noKey.code).toBe(2);
    expect(noKey.errors).toContain('An access key is needed');
    const badFormat = await run([runId, '--format', 'pdf', '--token', key]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.errors).toMatch(/Allowed choices are ndjson, json, junit, html/);
  });
});
