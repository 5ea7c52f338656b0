import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { blobKeySegments, blobSource, checkMediaType, type BlobData, type BlobHead, type BlobStore, type StoredBlob } from './blob-store.ts';

/** The tables of migration 0014 (blobs only: the app's schema types do not name them). */
type BlobTables = {
  blobs: { key: string; object_id: string; media_type: string; size: string | number; chunk_size: number; created_at: Date };
  blob_chunks: { object_id: string; seq: number; data: Uint8Array };
  blob_orphans: { object_id: string; reason: 'upload' | 'replaced'; since: Date };
};
type BlobDb = Kysely<BlobTables>;

/** Bytes of one chunk row. */
export const PG_CHUNK_SIZE = 1024 * 1024;
/** Chunks read by one query while a blob is streamed. */
const READ_BATCH = 4;
/** Orphaned objects (failed uploads of a crashed process, replaced blobs) are removed after this. */
const ORPHAN_TTL_MS = 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;
/** An upload under way says so this often, so that a long one is not swept. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Blobs in PostgreSQL (DATABASE_URL, migration 0014): the bytes of a blob are an object of 1 MB
 * bytea chunks, `blobs` names the object of each key. A put streams its chunks in (each its own
 * statement: no transaction held while a client uploads) under a new object id recorded as an
 * upload, then one short transaction points the key at it and records the object it replaced; a
 * failed put removes its chunks. Readers of a replaced or deleted blob keep streaming it: its object
 * stays for an hour before it is swept (as are the chunks of a process that died mid-upload).
 */
export class PgBlobStore implements BlobStore {
  private readonly db: BlobDb;
  private lastSweep = 0;
  constructor(db: Db) {
    this.db = db.withTables<BlobTables>() as unknown as BlobDb;
  }

  async put(key: string, data: BlobData, mediaType: string): Promise<BlobHead> {
    blobKeySegments(key);
    checkMediaType(mediaType);
    await this.sweepNow();
    const objectId = randomBytes(12).toString('hex');
    await this.db.insertInto('blob_orphans').values({ object_id: objectId, reason: 'upload', since: new Date() }).execute();
    let size = 0;
    try {
      let seq = 0;
      let touched = Date.now();
      for await (const chunk of rechunk(blobSource(data), PG_CHUNK_SIZE)) {
        await this.db.insertInto('blob_chunks').values({ object_id: objectId, seq, data: chunk }).execute();
        seq += 1;
        size += chunk.length;
        if (Date.now() - touched > TOUCH_EVERY_MS) {
          touched = Date.now();
          await this.db.updateTable('blob_orphans').set({ since: new Date() }).where('object_id', '=', objectId).execute();
        }
      }
      await this.publish(key, objectId, mediaType, size);
    } catch (err) {
      await this.dropObjects([objectId]).catch(() => {});
      throw err;
    }
    return { mediaType, size };
  }

  async get(key: string): Promise<StoredBlob | null> {
    const row = await this.find(key);
    if (!row) return null;
    const chunks = Math.ceil(row.size / row.chunkSize);
    const db = this.db;
    async function* bytes() {
      for (let seq = 0; seq < chunks; seq += READ_BATCH) {
        const last = Math.min(chunks, seq + READ_BATCH) - 1;
        const rows = await readChunks(db, row!.objectId, seq, last);
        if (rows.length !== last - seq + 1) throw new Error(`Blob ${key} is no longer stored`);
        for (const r of rows) yield Buffer.from(r.data);
      }
    }
    return { mediaType: row.mediaType, size: row.size, stream: Readable.from(bytes(), { objectMode: false }) };
  }

  async read(key: string): Promise<(BlobHead & { bytes: Buffer }) | null> {
    const row = await this.find(key);
    if (!row) return null;
    const rows = row.size ? await readChunks(this.db, row.objectId, 0, Math.ceil(row.size / row.chunkSize) - 1) : [];
    return { mediaType: row.mediaType, size: row.size, bytes: Buffer.concat(rows.map((r) => r.data)) };
  }

  async readRanges(key: string, ranges: readonly number[]): Promise<Buffer[] | null> {
    const row = await this.find(key);
    if (!row) return null;
    const pieces: Buffer[] = [];
    for (let i = 0; i + 1 < ranges.length; i += 2) {
      const at = Math.max(0, ranges[i]);
      const end = Math.min(row.size, at + Math.max(0, ranges[i + 1]));
      if (end <= at) {
        pieces.push(Buffer.alloc(0));
        continue;
      }
      const first = Math.floor(at / row.chunkSize);
      const rows = await readChunks(this.db, row.objectId, first, Math.floor((end - 1) / row.chunkSize));
      const joined = Buffer.concat(rows.map((r) => r.data));
      pieces.push(Buffer.from(joined.subarray(at - first * row.chunkSize, end - first * row.chunkSize)));
    }
    return pieces;
  }

  async delete(prefix: string): Promise<void> {
    blobKeySegments(prefix);
    await this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('blobs')
        .where((eb) => eb.or([eb('key', '=', prefix), eb.and([eb('key', '>=', `${prefix}/`), eb('key', '<', `${prefix}0`)])]))
        .returning('object_id')
        .execute();
      if (gone.length) await trx.insertInto('blob_orphans').values(gone.map((g) => ({ object_id: g.object_id, reason: 'replaced' as const, since: new Date() }))).execute();
    });
  }

  /** Uploads under way or left by a process that died mid-upload (tests: a failed put leaves none). */
  async pendingUploads(): Promise<number> {
    const row = await this.db.selectFrom('blob_orphans').select((eb) => eb.fn.countAll<string>().as('n')).where('reason', '=', 'upload').executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Removes the chunks of objects orphaned more than `olderThanMs` ago. */
  async sweep(olderThanMs = ORPHAN_TTL_MS): Promise<void> {
    const cutoff = new Date(Date.now() - olderThanMs);
    const stale = await this.db.selectFrom('blob_orphans').select('object_id').where('since', '<', cutoff).limit(1000).execute();
    await this.dropObjects(stale.map((s) => s.object_id));
  }

  /** The key's object on the key, in one transaction; the object it replaced becomes an orphan. */
  private async publish(key: string, objectId: string, mediaType: string, size: number): Promise<void> {
    const values = { key, object_id: objectId, media_type: mediaType, size, chunk_size: PG_CHUNK_SIZE, created_at: new Date() };
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blob_orphans').where('object_id', '=', objectId).execute();
      // Locks the key's row (made if missing), so two puts of one key replace one after the other.
      const inserted = await trx.insertInto('blobs').values(values).onConflict((oc) => oc.column('key').doNothing()).returning('key').execute();
      if (inserted.length) return;
      const old = await trx.selectFrom('blobs').select('object_id').where('key', '=', key).forUpdate().executeTakeFirst();
      if (!old) {
        // Deleted in between: the key is free again.
        await trx.insertInto('blobs').values(values).execute();
        return;
      }
      await trx.updateTable('blobs').set(values).where('key', '=', key).execute();
      await trx.insertInto('blob_orphans').values({ object_id: old.object_id, reason: 'replaced', since: new Date() }).execute();
    });
  }

  private async find(key: string): Promise<{ objectId: string; mediaType: string; size: number; chunkSize: number } | null> {
    blobKeySegments(key);
    const row = await this.db.selectFrom('blobs').select(['object_id', 'media_type', 'size', 'chunk_size']).where('key', '=', key).executeTakeFirst();
    return row ? { objectId: row.object_id, mediaType: row.media_type, size: Number(row.size), chunkSize: row.chunk_size } : null;
  }

  private async dropObjects(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db.deleteFrom('blob_chunks').where('object_id', 'in', ids).execute();
    await this.db.deleteFrom('blob_orphans').where('object_id', 'in', ids).execute();
  }

  /** At most one sweep every ten minutes, started by a put (its failure is not the put's). */
  private async sweepNow(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.sweep().catch(() => {});
  }
}

function readChunks(db: BlobDb, objectId: string, from: number, to: number) {
  return db
    .selectFrom('blob_chunks')
    .select(['seq', 'data'])
    .where('object_id', '=', objectId)
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .orderBy('seq')
    .execute()
    .then((rows) => rows.map((r) => ({ seq: r.seq, data: Buffer.from(r.data) })));
}

/** The stream's bytes in pieces of exactly `size` bytes (the last one shorter), read as they come. */
async function* rechunk(source: Readable, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const c of source) {
    let buf = typeof c === 'string' ? Buffer.from(c, 'utf8') : (c as Buffer);
    while (held + buf.length >= size) {
      const take = size - held;
      parts.push(buf.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      held = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      parts.push(buf);
      held += buf.length;
    }
  }
  if (held) yield Buffer.concat(parts);
}
