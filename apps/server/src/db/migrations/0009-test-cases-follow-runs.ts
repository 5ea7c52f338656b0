import { type Kysely, sql } from 'kysely';

/**
 * A run's test cases go with it through a trigger on runs instead of a foreign key on test_cases.
 * The key checked every inserted test case against its run, one lookup and one lock of the run's row
 * per row: a third of the time a 10,000-case import spent inserting. Test cases are only ever
 * inserted in the transaction that inserts their run (run-store.ts, the NDJSON ingest), so the check
 * guarded nothing; what the key still gave, removing a run's test cases with it (a run deleted, or its
 * project), the trigger does, once per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_cases drop constraint if exists test_cases_run_id_fkey`.execute(db);
  await sql`
    create function test_cases_follow_runs() returns trigger language plpgsql as $$
    begin
      delete from test_cases where run_id in (select id from gone_runs);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger runs_delete_test_cases after delete on runs
    referencing old table as gone_runs for each statement execute function test_cases_follow_runs()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists runs_delete_test_cases on runs`.execute(db);
  await sql`drop function if exists test_cases_follow_runs()`.execute(db);
  await sql`delete from test_cases where run_id not in (select id from runs)`.execute(db);
  await sql`alter table test_cases add constraint test_cases_run_id_fkey foreign key (run_id) references runs (id) on delete cascade`.execute(db);
}
