import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Every module URL a process loads, printed to stderr (Node's synchronous module hooks). */
const LOAD_LOG = `import { registerHooks } from 'node:module';
registerHooks({ load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); } });
`;

function modulesLoadedBy(script: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-nlp-'));
  try {
    const hook = path.join(dir, 'load-log.mjs');
    fs.writeFileSync(hook, LOAD_LOG);
    const out = spawnSync(process.execPath, ['--import', hook, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000, cwd: src });
    expect(out.status, out.stderr).toBe(0);
    return out.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('compromise (the offline AI grammar)', () => {
  it('is not loaded with the server: the app, its routes and the offline AI load without it', () => {
    const loaded = modulesLoadedBy(`await import('./app.ts'); await import('./bootstrap.ts'); await import('./ai/offline/step-generator.ts');`);
    expect(loaded.some((u) => u.endsWith('/src/ai/offline/step-sentence.ts'))).toBe(true);
    expect(loaded.filter((u) => u.includes('/node_modules/compromise/'))).toEqual([]);
  });

  it('loads at the first parse, once, and parses', () => {
    const loaded = modulesLoadedBy(
      `const { nlp } = await import('./ai/nlp.ts'); const nouns = nlp('the red carts').nouns().toSingular().out('array'); if (nouns[0] !== 'the red cart') throw new Error(String(nouns)); nlp('again');`,
    );
    expect(loaded.filter((u) => u.includes('/node_modules/compromise/'))).toHaveLength(1);
  });
});
