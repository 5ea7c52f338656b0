import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Client, s3Storage } from '../optional-libraries.ts';
import { blobKeySegments, blobSource, checkMediaType, type BlobData, type BlobHead, type BlobStore, type StoredBlob } from './blob-store.ts';

export interface S3Location {
  bucket: string;
  /** Prepended to every key: '' or 'folder/'. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/**
 * Reads S3_URL: `s3://bucket[/prefix]?endpoint=https://host:port&region=eu-west-1&forcePathStyle=true`.
 * Without an endpoint it is AWS S3 itself (path style off by default); with one (MinIO, Ceph, R2,
 * SeaweedFS, ...) path-style addressing is on unless forcePathStyle=false. Credentials are never in
 * the URL: the SDK's own chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or a profile, a role).
 */
export function parseS3Url(url: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('S3_URL is not a URL: s3://bucket[/prefix]?endpoint=...&region=...');
  }
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error('S3_URL must be s3://bucket[/prefix]?endpoint=...&region=...');
  if (parsed.username || parsed.password) throw new Error('S3_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const name of parsed.searchParams.keys()) if (!known.has(name)) throw new Error(`S3_URL: unknown parameter "${name}" (endpoint, region, forcePathStyle)`);
  const endpoint = parsed.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) throw new Error('S3_URL: endpoint must be http(s)://host[:port]');
  const style = parsed.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') throw new Error('S3_URL: forcePathStyle must be true or false');
  const folder = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname,
    prefix: folder ? `${folder}/` : '',
    endpoint,
    region: parsed.searchParams.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: style === null ? Boolean(endpoint) : style === 'true',
  };
}

/** Bytes of one part of a multipart upload (a blob smaller than this is one PutObject). */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Blobs in an S3-compatible bucket (S3_URL). A put is one PutObject, or a multipart upload streamed
 * in parts for a larger blob, so an object appears whole or not at all (S3 makes it visible when the
 * last request completes; a failed multipart upload is aborted, its parts dropped). The media type is
 * the object's Content-Type.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly location: S3Location;
  constructor(location: S3Location, client?: S3Client) {
    this.location = location;
    this.client =
      client ??
      new (s3Client().S3Client)({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        // Checksums only where S3 requires them: S3-compatible stores do not all know the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  private objectKey(key: string): string {
    blobKeySegments(key);
    return this.location.prefix + key;
  }

  async put(key: string, data: BlobData, mediaType: string): Promise<BlobHead> {
    const Key = this.objectKey(key);
    checkMediaType(mediaType);
    let size = 0;
    const source = blobSource(data);
    const counted = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        size += buf.length;
        done(null, buf);
      },
    });
    // An error of the source ends the upload (Upload aborts a multipart one) and is the put's error.
    let sourceError: Error | null = null;
    source.once('error', (err) => {
      sourceError = err;
      counted.destroy(err);
    });
    source.pipe(counted);
    const upload = new (s3Storage().Upload)({
      client: this.client,
      params: { Bucket: this.location.bucket, Key, Body: counted, ContentType: mediaType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      source.destroy();
      throw sourceError ?? err;
    }
    return { mediaType, size };
  }

  async get(key: string): Promise<StoredBlob | null> {
    const Key = this.objectKey(key);
    try {
      const out = await this.client.send(new (s3Client().GetObjectCommand)({ Bucket: this.location.bucket, Key }));
      return { mediaType: out.ContentType ?? 'application/octet-stream', size: Number(out.ContentLength ?? 0), stream: out.Body as Readable };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<(BlobHead & { bytes: Buffer }) | null> {
    const blob = await this.get(key);
    if (!blob) return null;
    const chunks: Buffer[] = [];
    for await (const c of blob.stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    return { mediaType: blob.mediaType, size: bytes.length, bytes };
  }

  async readRanges(key: string, ranges: readonly number[]): Promise<Buffer[] | null> {
    const Key = this.objectKey(key);
    let size: number;
    try {
      const head = await this.client.send(new (s3Client().HeadObjectCommand)({ Bucket: this.location.bucket, Key }));
      size = Number(head.ContentLength ?? 0);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const pieces: Buffer[] = [];
    for (let i = 0; i + 1 < ranges.length; i += 2) {
      const at = Math.max(0, ranges[i]);
      const end = Math.min(size, at + Math.max(0, ranges[i + 1]));
      if (end <= at) {
        pieces.push(Buffer.alloc(0));
        continue;
      }
      const out = await this.client.send(new (s3Client().GetObjectCommand)({ Bucket: this.location.bucket, Key, Range: `bytes=${at}-${end - 1}` }));
      pieces.push(Buffer.from(await out.Body!.transformToByteArray()));
    }
    return pieces;
  }

  async delete(prefix: string): Promise<void> {
    const Key = this.objectKey(prefix);
    await this.client.send(new (s3Client().DeleteObjectCommand)({ Bucket: this.location.bucket, Key }));
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new (s3Client().ListObjectsV2Command)({ Bucket: this.location.bucket, Prefix: `${Key}/`, ContinuationToken }));
      const keys = (page.Contents ?? []).map((c) => c.Key!).filter(Boolean);
      if (keys.length) {
        const out = await this.client.send(
          new (s3Client().DeleteObjectsCommand)({ Bucket: this.location.bucket, Delete: { Objects: keys.map((k) => ({ Key: k })), Quiet: true } }),
        );
        if (out.Errors?.length) throw new Error(`S3 refused to delete ${out.Errors[0].Key}: ${out.Errors[0].Message ?? out.Errors[0].Code}`);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}

function isMissing(err: unknown): boolean {
  if (err instanceof s3Client().S3ServiceException) return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
  return false;
}
