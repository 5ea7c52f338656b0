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
const TEMPLATE_CACHE_DIR = path.resolve(here, '../../../../node_modules/.cache/stepwise');

/** STEPWISE_DB_TEMPLATE_DIR: another folder (a read-only install's, or a test's). */
const cacheDir = () => process.env.STEPWISE_DB_TEMPLATE_DIR || TEMPLATE_CACHE_DIR;

let template: Promise<Blob> | undefined;

/**
 * A dump of a new embedded database with every migration applied. Making a database folder costs
 * PGlite an initdb (about 10 s of CPU on a 2-core machine); loading this dump into it, a fraction of
 * that. Kept in TEMPLATE_CACHE_DIR under a name that changes with the migrations and PGlite's version
 * (a new one is made when either changes), by the first process that made a database without it;
 * where that folder cannot be written, each process makes its own. This one makes it in memory when
 * none is kept (the test servers' databases), once per process.
 */
export function migratedTemplate(migrate: (db: Kysely<any>) => Promise<void>): Promise<Blob> {
  template ??= makeTemplate(migrate).catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return template;
}

let templateName: Promise<string> | undefined;

/** The template's file: its name hashed once per process from the migrations and PGlite's version. */
async function templateFile(): Promise<string> {
  templateName ??= (async () => {
    const hash = createHash('sha256');
    hash.update(await pgliteVersion());
    for (const file of (await fs.readdir(migrationsDir)).sort()) hash.update(file).update(await fs.readFile(path.join(migrationsDir, file)));
    return `pglite-${hash.digest('hex').slice(0, 16)}.tar`;
  })();
  return path.join(cacheDir(), await templateName);
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

/** The dump kept by an earlier process, if there is one for these migrations and this PGlite. */
export async function cachedTemplate(): Promise<Blob | null> {
  const kept = await fs.readFile(await templateFile()).catch(() => null);
  return kept ? new Blob([kept]) : null;
}

/** Keeps `dump` for the processes to come; where the cache folder cannot be written, nothing is kept. */
async function keepTemplate(dump: Blob): Promise<void> {
  const file = await templateFile();
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await fs.mkdir(cacheDir(), { recursive: true });
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, file);
  } catch {
    await fs.rm(partial, { force: true });
  }
}

/** Migrates the new database `client` holds, and keeps its dump as the template; returns the dump. */
export async function migrateAndKeep(client: PGlite, migrate: (db: Kysely<any>) => Promise<void>): Promise<Blob> {
  const db = new Kysely<any>({ dialect: pgliteDialect(client, { keepOpen: true }) });
  await migrate(db);
  await db.destroy();
  const dump = await client.dumpDataDir('none');
  await keepTemplate(dump);
  return dump;
}

async function makeTemplate(migrate: (db: Kysely<any>) => Promise<void>): Promise<Blob> {
  const kept = await cachedTemplate();
  if (kept) return kept;
  const client = await PGlite.create();
  try {
    return await migrateAndKeep(client, migrate);
  } finally {
    await client.close();
  }
}

/**
 * Whether `dataDir` holds nothing yet (missing or empty). A folder with anything in it is left to
 * PGlite as it is, whatever it holds: a database is never taken for an empty one.
 */
export async function isNewDataDir(dataDir: string): Promise<boolean> {
  const entries = await fs.readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.length === 0;
}
