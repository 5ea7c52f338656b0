import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { givePglite, takePglite } from './pglite-pool.ts';

/** Adds a mail to the outbox (a table with a serial id); its id. */
async function addMail(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into mail_outbox (to_address, subject, text_body) values ('a@example.com', 'Hi', 'Hello') returning id`.execute(db);
  return rows[0].id;
}
const countMails = async (db: Kysely<Database>) => (await sql<{ n: number }>`select count(*)::int as n from mail_outbox`.execute(db)).rows[0].n;

describe('the test servers’ PGlite pool', () => {
  it('gives a used database back emptied, its migrations kept, to the next taker', async () => {
    const client = await takePglite();
    const db = await openDatabase({ pglite: client });
    expect(await addMail(db)).toBe(1);
    expect(await addMail(db)).toBe(2);
    await db.destroy();
    expect(client.closed).toBe(false);
    await givePglite(client);

    const again = await takePglite();
    expect(again).toBe(client);
    const db2 = await openDatabase({ pglite: again });
    expect(await countMails(db2)).toBe(0);
    // Sequences restarted: ids are what a fresh database gives.
    expect(await addMail(db2)).toBe(1);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db2)).rows[0].n)).toBeGreaterThan(10);
    await db2.destroy();
    await givePglite(again);
  });

  it('closes a database whose schema a test changed instead of keeping it', async () => {
    const client = await takePglite();
    await client.exec('create table extra (id int)');
    await givePglite(client);
    expect(client.closed).toBe(true);
    const other = await takePglite();
    expect(other).not.toBe(client);
    await givePglite(other);
  });

  it('lets a transaction in hand end before the database goes back, and refuses what comes after', async () => {
    const client = await takePglite();
    const db = await openDatabase({ pglite: client });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const trx = db.transaction().execute(async (t) => {
      await addMail(t);
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    let destroyed = false;
    const destroying = db.destroy().then(() => (destroyed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(destroyed).toBe(false);
    release();
    await trx;
    await destroying;
    // The transaction committed before the database went back; the closed handle answers no more.
    expect((await client.query<{ n: number }>('select count(*)::int as n from mail_outbox')).rows[0].n).toBe(1);
    await expect(countMails(db)).rejects.toThrow(/destroyed|closed/);
    await givePglite(client);
  });
});
