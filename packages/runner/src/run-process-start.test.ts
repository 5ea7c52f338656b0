import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_JOB_FILE } from './index.ts';

/** Every module URL a process loads, printed to stderr (Node's synchronous module hooks). */
const LOAD_LOG = `import { registerHooks } from 'node:module';
registerHooks({ load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); } });
`;

describe('the run process', () => {
  it('starts without zod and the shared schemas: only the plain modules of @stepwise/shared it needs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-start-'));
    try {
      const hook = path.join(dir, 'load-log.mjs');
      fs.writeFileSync(hook, LOAD_LOG);
      // A job file that does not exist: the process loads all its modules, then ends with exit 2.
      const out = spawnSync(process.execPath, ['--import', hook, RUN_JOB_FILE, path.join(dir, 'missing-job.json')], { encoding: 'utf8', timeout: 30_000 });
      expect(out.status, out.stderr).toBe(2);
      const loaded = out.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
      // The log sees the run process's own modules (it works)...
      expect(loaded.some((u) => u.includes('/@cucumber/cucumber/'))).toBe(true);
      expect(loaded.some((u) => u.endsWith('/shared/src/scenario-identity.ts'))).toBe(true);
      // ...and none of the schemas, which cost a loaded machine about a third of a second a run.
      expect(loaded.filter((u) => /\/node_modules\/zod\/|\/shared\/src\/(schemas\/|index\.ts)/.test(u))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
