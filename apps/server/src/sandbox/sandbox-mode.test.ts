import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.ts';
import { signUpUser } from '../test/factories.ts';
import { ApiClient } from '../test/api-client.ts';
import { SANDBOX_WARNINGS } from './sandbox-probe.ts';

const ADMIN = fileURLToPath(new URL('../cli/admin.ts', import.meta.url));

function admin(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [ADMIN, 'sandbox'], { env: { ...env, DATA_DIR: '/nonexistent-data' } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, out: stdout + stderr }),
    );
  });
}

describe('RUNNER_SANDBOX', () => {
  it('says which mode is in force through the admin CLI, and bwrap refuses without a working sandbox', async () => {
    const PATH = process.env.PATH ?? '/usr/bin:/bin';
    expect(await admin({ PATH, RUNNER_SANDBOX: 'auto' })).toEqual({ code: 0, out: 'RUNNER_SANDBOX=auto: bubblewrap, its own network (pasta)\n' });
    const off = await admin({ PATH, RUNNER_SANDBOX: 'off' });
    expect(off).toEqual({ code: 0, out: `RUNNER_SANDBOX=off: no sandbox\n${SANDBOX_WARNINGS.off}\n` });
    // Without bwrap on PATH: auto runs unsandboxed and says so; bwrap refuses.
    const noTools = await admin({ PATH: '/nonexistent', RUNNER_SANDBOX: 'auto' });
    expect(noTools.out).toContain(SANDBOX_WARNINGS.unavailable('no bwrap on PATH'));
    const refused = await admin({ PATH: '/nonexistent', RUNNER_SANDBOX: 'bwrap' });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('RUNNER_SANDBOX=bwrap, but the sandbox does not work on this machine: no bwrap on PATH');
  }, 60_000);

  it('tells signed-in users (the Settings banner) when step code runs with the server\'s rights', async () => {
    const server = await startTestServer({ RUNNER_SANDBOX: 'off' });
    try {
      const user = await signUpUser(server.baseUrl);
      const res = await user.api.get('server/run-sandbox');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', sandbox: { mode: 'off', network: null, warning: SANDBOX_WARNINGS.off } });
      expect((await new ApiClient(server.baseUrl).get('server/run-sandbox')).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
