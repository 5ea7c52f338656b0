import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { FsBlobStore, type BlobStore } from './blob-store.ts';
import { FallbackBlobStore } from './fallback-blob-store.ts';
import { PgBlobStore } from './pg-blob-store.ts';
import { parseS3Url, S3BlobStore, type S3Location } from './s3-blob-store.ts';

export type BlobStoreKind = 'fs' | 'postgres' | 's3';

/**
 * Which blob store a server uses (BLOB_STORE, default 'auto'): S3 when S3_URL is set, else PostgreSQL
 * when DATABASE_URL is set, else the file system under DATA_DIR/blobs, the
 * embedded default. Servers that share a database and blobs must all use the same store.
 */
export function blobStoreKind(config: Pick<Config, 'blobStore' | 's3Url' | 'databaseUrl'>, onPostgres: boolean): BlobStoreKind {
  const kind = config.blobStore === 'auto' ? (config.s3Url ? 's3' : config.databaseUrl ? 'postgres' : 'fs') : config.blobStore;
  if (kind === 's3') s3Location(config.s3Url);
  if (kind === 'postgres' && !onPostgres) throw new ConfigError('Invalid configuration: BLOB_STORE: postgres needs DATABASE_URL');
  return kind;
}

function s3Location(url: string | undefined): S3Location {
  if (!url) throw new ConfigError('Invalid configuration: BLOB_STORE: s3 needs S3_URL');
  try {
    return parseS3Url(url);
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
}

/** `onPostgres`: the database opened is PostgreSQL (tests open one without DATABASE_URL). */
export function createBlobStore(config: Pick<Config, 'blobStore' | 's3Url' | 'databaseUrl' | 'dataDir'>, db: Db, onPostgres: boolean): BlobStore {
  const kind = blobStoreKind(config, onPostgres);
  const files = new FsBlobStore(path.join(config.dataDir, 'blobs'));
  if (kind === 'fs') return files;
  const shared = kind === 's3' ? new S3BlobStore(s3Location(config.s3Url)) : new PgBlobStore(db);
  // Blobs this server stored in its data folder before it used the shared store stay readable.
  return fs.existsSync(path.join(config.dataDir, 'blobs')) ? new FallbackBlobStore(shared, files) : shared;
}
