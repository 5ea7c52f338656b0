import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../db/database.ts';
import { pgliteDialect } from '../db/pglite-dialect.ts';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * A dump of a freshly migrated PGlite database, cached in the temp folder under a name that changes
 * with the migrations: starting from it takes a fraction of a second instead of a full initdb.
 */
export async function pgliteTemplate(): Promise<Blob> {
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
    const partial = `${cached}.${process.pid}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, cached);
    return dump;
  }
}
