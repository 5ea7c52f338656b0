import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../db/database.ts';
import { pgliteDialect } from '../db/pglite-dialect.ts';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

let template: Promise<Blob> | undefined;

/**
 * A dump of a freshly migrated PGlite database, cached in the temp folder under a name that changes
 * with the migrations: starting from it takes a fraction of a second instead of a full initdb. One
 * dump per process: servers started at once share it (two writers of one file would interleave).
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= makeTemplate().catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return template;
}

async function makeTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of (await fs.readdir(migrationsDir)).sort()) hash.update(file).update(await fs.readFile(path.join(migrationsDir, file)));
  const cached = path.join(os.tmpdir(), `stepwise-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await fs.readFile(cached)]);
  } catch {
    const client = await PGlite.create();
    await migrateToLatest(new Kysely({ dialect: pgliteDialect(client) }));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, cached);
    return dump;
  }
}
