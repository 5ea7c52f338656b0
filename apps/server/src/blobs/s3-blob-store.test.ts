import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { describeBlobStore } from './blob-store-contract.ts';
import { parseS3Url, S3BlobStore } from './s3-blob-store.ts';

/**
 * The S3 blob store against a real S3 API served on this machine: s3rver (an S3-compatible server
 * in Node, objects in a temporary folder), signed requests, path-style addressing, multipart uploads.
 */
async function startS3(): Promise<{ url: string; dir: string; close(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'stepwise-blobs', configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    dir,
    async close() {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';

describeBlobStore('S3', async () => {
  const s3 = await startS3();
  const store = new S3BlobStore(parseS3Url(`s3://stepwise-blobs/team-a?endpoint=${s3.url}&region=eu-west-1`));
  return {
    store,
    cleanUp: async () => {
      store.client.destroy();
      await s3.close();
    },
  };
});

describe('S3_URL', () => {
  it('names the bucket, a folder in it, the endpoint and the region', () => {
    expect(parseS3Url('s3://bucket-1/some/folder/?endpoint=http://minio:9000&region=eu-central-1')).toEqual({
      bucket: 'bucket-1', prefix: 'some/folder/', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true,
    });
    expect(parseS3Url('s3://bucket-1', { AWS_REGION: 'us-west-2' })).toEqual({ bucket: 'bucket-1', prefix: '', endpoint: undefined, region: 'us-west-2', forcePathStyle: false });
    expect(parseS3Url('s3://b.example?endpoint=https://r2.example.com&forcePathStyle=false').forcePathStyle).toBe(false);
  });

  it('refuses credentials in the URL, unknown parameters and an endpoint that is not http(s)', () => {
    expect(() => parseS3Url('s3://key:secret@bucket')).toThrow('must not hold credentials');
    expect(() => parseS3Url('s3://bucket?secret=x')).toThrow('unknown parameter "secret"');
    expect(() => parseS3Url('s3://bucket?endpoint=ftp://host')).toThrow('endpoint must be http(s)://host[:port]');
    expect(() => parseS3Url('https://bucket')).toThrow('S3_URL must be s3://');
  });

  it('keeps the blobs under the folder of the URL', async () => {
    const s3 = await startS3();
    try {
      const store = new S3BlobStore(parseS3Url(`s3://stepwise-blobs/team-a?endpoint=${s3.url}`));
      await store.put('runs/p/r/a.png', 'png', 'image/png');
      const other = new S3BlobStore(parseS3Url(`s3://stepwise-blobs/team-b?endpoint=${s3.url}`));
      expect(await other.get('runs/p/r/a.png')).toBeNull();
      await other.delete('runs');
      expect((await store.read('runs/p/r/a.png'))?.bytes.toString()).toBe('png');
      store.client.destroy();
      other.client.destroy();
    } finally {
      await s3.close();
    }
  });
});
