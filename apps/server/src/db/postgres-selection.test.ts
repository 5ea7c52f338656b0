import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The PostgreSQL pass of `npm test` runs only the tests listed in scripts/postgres-tests.mjs. These
 * checks keep that list whole: a new module with SQL, a new migration's table or a new test that needs
 * PostgreSQL fails here until the list names a test for it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverSrc = path.join(root, 'apps/server/src');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

let listed: Set<string>;
let elsewhere: Record<string, string>;
let untested: Record<string, string>;
beforeAll(async () => {
  const selection = await import(pathToFileURL(path.join(root, 'scripts/postgres-tests.mjs')).href);
  listed = new Set(selection.POSTGRES_TESTS);
  elsewhere = selection.SQL_COVERED_ELSEWHERE;
  untested = selection.SQL_WITHOUT_NODE_TEST;
});

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

const serverFiles = walk(serverSrc).filter((f) => f.endsWith('.ts'));
const testFiles = [...serverFiles, ...walk(path.join(root, 'packages'))].filter((f) => f.endsWith('.test.ts'));
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(|\bsql(<[^>]*>)?`/;
const migrationsDir = path.join(serverSrc, 'db/migrations');
/** Server modules that query the database (tests, the test kit and migrations aside). */
const sqlModules = serverFiles.filter(
  (f) =>
    !f.endsWith('.test.ts') &&
    !f.startsWith(path.join(serverSrc, 'test') + path.sep) &&
    !f.startsWith(migrationsDir + path.sep) &&
    (f.endsWith('.repository.ts') || SQL.test(fs.readFileSync(f, 'utf8'))),
);

/** The listed test that covers a module: one of its own folder, else the one named for it. */
function coveringTest(module: string): string | undefined {
  const dir = path.posix.dirname(rel(module));
  const beside = [...listed].find((t) => path.posix.dirname(t) === dir);
  return beside ?? (listed.has(elsewhere[rel(module)]) ? elsewhere[rel(module)] : undefined);
}

describe('the PostgreSQL pass (scripts/postgres-tests.mjs)', () => {
  it('names only test files that exist', () => {
    const missing = [...listed].filter((t) => !t.endsWith('.test.ts') || !fs.existsSync(path.join(root, t)));
    expect(missing).toEqual([]);
  });

  it('holds every module with SQL through a test of its folder (or the test named for it)', () => {
    expect(sqlModules.length).toBeGreaterThan(20);
    const uncovered = sqlModules.map(rel).filter((m) => !coveringTest(path.join(root, m)) && !untested[m]);
    expect(uncovered, 'add a test of these modules to scripts/postgres-tests.mjs').toEqual([]);
  });

  it('holds every table a migration creates through a covered module that queries it', () => {
    const covered = sqlModules.filter((m) => coveringTest(m)).map((m) => fs.readFileSync(m, 'utf8'));
    const tables = fs
      .readdirSync(migrationsDir)
      .flatMap((f) => [...fs.readFileSync(path.join(migrationsDir, f), 'utf8').matchAll(/createTable\(\s*'([a-z_0-9]+)'/g)].map((m) => `${f}: ${m[1]}`));
    expect(tables.length).toBeGreaterThan(10);
    // Named as a string (Kysely's builder) or after from/into/join/update in raw SQL.
    const queries = (table: string) => new RegExp(`'${table}'|\\b(from|into|join|update)\\s+${table}\\b`, 'i');
    const unqueried = tables.filter((t) => !covered.some((src) => queries(t.split(': ')[1]).test(src)));
    expect(unqueried, 'a module that queries these tables needs a test in scripts/postgres-tests.mjs').toEqual([]);
  });

  it('holds every test that reads TEST_DATABASE_URL or starts several servers on one database', () => {
    const needsPostgres = testFiles.filter((f) => /TEST_DATABASE_URL|clusterUrls|cluster-servers/.test(fs.readFileSync(f, 'utf8'))).map(rel);
    expect(needsPostgres.length).toBeGreaterThan(3);
    expect(needsPostgres.filter((t) => !listed.has(t) && !t.endsWith('postgres-selection.test.ts'))).toEqual([]);
  });
});
