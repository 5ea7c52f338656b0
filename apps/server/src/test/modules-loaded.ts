import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's src folder: the scripts given to `modulesLoadedBy` run there. */
const SERVER_SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Every module URL a process loads, printed to stderr (Node's synchronous module hooks see imports and requires). */
const LOAD_LOG = `import { registerHooks } from 'node:module';
registerHooks({ load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); } });
`;

/** The URL of every module a new Node process loads while it runs `script` (an ES module, in SERVER_SRC); 150 s at most (a server started on a loaded machine). */
export function modulesLoadedBy(script: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-modules-'));
  try {
    const hook = path.join(dir, 'load-log.mjs');
    fs.writeFileSync(hook, LOAD_LOG);
    const out = spawnSync(process.execPath, ['--import', hook, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 150_000, cwd: SERVER_SRC });
    if (out.status !== 0) throw new Error(`the script failed (${out.status}): ${out.stderr.split('\n').filter((l) => !l.startsWith('LOADED ')).join('\n')}`);
    return out.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
