import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from './pglite-template.ts';

/**
 * Embedded databases for test servers, reused within a process. A new PGlite from the migrated dump
 * costs 1-1.5 s and 1-3 s of CPU (a fresh WebAssembly memory of a few hundred MB, every page of it
 * faulted in); emptying one that a closed server used costs a few tens of ms. A database comes back
 * only if it is the template's again: its tables emptied (sequences restarted), its session reset, and
 * its schema exactly the template's (a test that added a table, a trigger or a function spoils it,
 * and it is closed instead).
 */
const MAX_IDLE = 2;
const idle: PGlite[] = [];
let templateShape: Promise<string> | undefined;

/** Every object a test could add or change: tables and their columns, indexes, triggers, functions, schemas. */
const SHAPE = `select string_agg(x, ',' order by x) as shape from (
  select 'n:' || nspname as x from pg_namespace where nspname not like 'pg_%' and nspname <> 'information_schema'
  union all select 'r:' || c.relname || ':' || c.relkind::text from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
  union all select 'c:' || table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, '') from information_schema.columns where table_schema = 'public'
  union all select 't:' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal
  union all select 'f:' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
) s`;

async function shapeOf(db: PGlite): Promise<string> {
  const { rows } = await db.query<{ shape: string }>(SHAPE);
  return rows[0]?.shape ?? '';
}

/** A database in the template's state: an idle one emptied before, or a new one from the dump. */
export async function takePglite(): Promise<PGlite> {
  const reused = idle.pop();
  if (reused) return reused;
  const db = await PGlite.create(undefined, { loadDataDir: await pgliteTemplate() });
  templateShape ??= shapeOf(db);
  await templateShape;
  return db;
}

/** Gives back a database whose server has closed: emptied and kept for the next server, or closed. */
export async function givePglite(db: PGlite): Promise<void> {
  if (db.closed) return;
  try {
    if (idle.length >= MAX_IDLE || !templateShape) throw new Error('not kept');
    // A transaction left open by a request cut short, then the session's settings, locks and temporary tables.
    await db.exec('rollback').catch(() => {});
    await db.exec('discard all');
    const { rows } = await db.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%'`,
    );
    if (rows.length) await db.exec(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
    if ((await shapeOf(db)) !== (await templateShape)) throw new Error('schema changed');
    idle.push(db);
  } catch {
    await db.close().catch(() => {});
  }
}
