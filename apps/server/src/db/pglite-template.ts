import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { pgliteDialect } from './pglite-dialect.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, 'migrations');
/** Beside the installed packages: written by whoever installed them, like the other caches there. */
export const TEMPLATE_CACHE_DIR = path.resolve(here, '../../../../node_modules/.cache/stepwise');

let template: Promise<Blob> | undefined;

/**
 * A dump of a new embedded database with every migration applied. Making a database folder costs
 * PGlite an initdb (about 10 s of CPU on a 2-core machine); loading this dump into it, a fraction of
 * that. Made once, by an in-memory initdb and the migrations, then kept in TEMPLATE_CACHE_DIR under a
 * name that changes with the migrations and PGlite's version (a new one is made when either changes);
 * where that folder cannot be written, it is made again by each process that needs it. One per
 * process: servers started at once share it.
 */
export function migratedTemplate(migrate: (db: Kysely<any>) => Promise<void>): Promise<Blob> {
  template ??= makeTemplate(migrate).catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return template;
}

async function templateFile(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  for (const file of (await fs.readdir(migrationsDir)).sort()) hash.update(file).update(await fs.readFile(path.join(migrationsDir, file)));
  return path.join(TEMPLATE_CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The installed PGlite's version (its package.json, found above its entry file: its exports do not list it). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    const pkg = await fs.readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    const parsed = pkg ? (JSON.parse(pkg) as { name?: string; version?: string }) : null;
    if (parsed?.name === '@electric-sql/pglite') return parsed.version ?? '';
    const up = path.dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

async function makeTemplate(migrate: (db: Kysely<any>) => Promise<void>): Promise<Blob> {
  const cached = await templateFile();
  const kept = await fs.readFile(cached).catch(() => null);
  if (kept) return new Blob([kept]);
  const client = await PGlite.create();
  const db = new Kysely<any>({ dialect: pgliteDialect(client, { keepOpen: true }) });
  await migrate(db);
  await db.destroy();
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await fs.mkdir(TEMPLATE_CACHE_DIR, { recursive: true });
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, cached);
  } catch {
    await fs.rm(partial, { force: true });
  }
  return dump;
}

/** Whether `dataDir` holds no database yet (PostgreSQL's data folders start with PG_VERSION). */
export async function isNewDataDir(dataDir: string): Promise<boolean> {
  return !(await fs.stat(path.join(dataDir, 'PG_VERSION')).catch(() => null));
}
