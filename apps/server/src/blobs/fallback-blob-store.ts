import type { BlobData, BlobHead, BlobStore, StoredBlob } from './blob-store.ts';

/**
 * A shared store (PostgreSQL, S3) in front of the file-system store a server used before: new blobs
 * go to the shared one, a blob it does not hold is read from the old folder, deletes reach both. A
 * server moved to a shared store keeps showing the screenshots and reports stored before the move.
 */
export class FallbackBlobStore implements BlobStore {
  private readonly primary: BlobStore;
  private readonly previous: BlobStore;

  constructor(primary: BlobStore, previous: BlobStore) {
    this.primary = primary;
    this.previous = previous;
  }

  put(key: string, data: BlobData, mediaType: string): Promise<BlobHead> {
    return this.primary.put(key, data, mediaType);
  }

  async get(key: string): Promise<StoredBlob | null> {
    return (await this.primary.get(key)) ?? this.previous.get(key);
  }

  async read(key: string): Promise<(BlobHead & { bytes: Buffer }) | null> {
    return (await this.primary.read(key)) ?? this.previous.read(key);
  }

  async readRanges(key: string, ranges: readonly number[]): Promise<Buffer[] | null> {
    return (await this.primary.readRanges(key, ranges)) ?? this.previous.readRanges(key, ranges);
  }

  async delete(prefix: string): Promise<void> {
    await Promise.all([this.primary.delete(prefix), this.previous.delete(prefix)]);
  }
}
