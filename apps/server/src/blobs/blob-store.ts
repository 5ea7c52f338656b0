import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createWriteStream, fdatasync } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes given to `put`: a buffer, a string (UTF-8) or a stream. */
export type BlobData = Uint8Array | string | Readable;

export interface BlobHead {
  mediaType: string;
  /** Bytes. */
  size: number;
}

export interface StoredBlob extends BlobHead {
  /** The bytes; the caller consumes or destroys it. */
  stream: Readable;
}

/**
 * Binary data of runs (screenshots, attachments) by key: `runs/<projectId>/<runId>/<attachmentId>`.
 * Keys are '/'-separated segments of letters, digits, '.', '_' and '-' (no segment starting with '.').
 */
export interface BlobStore {
  /** Stores (or replaces) a blob; readers see the old bytes or the new ones, never part of them. */
  put(key: string, data: BlobData, mediaType: string): Promise<BlobHead>;
  /** The blob as a stream, or null when there is none. */
  get(key: string): Promise<StoredBlob | null>;
  /** The blob's bytes, or null. */
  read(key: string): Promise<(BlobHead & { bytes: Buffer }) | null>;
  /** Pieces of the blob's bytes (offset and length pairs), or null when there is no such blob; a piece past the end is cut short. */
  readRanges(key: string, ranges: readonly number[]): Promise<Buffer[] | null>;
  /** Removes the blob `prefix` and every blob under `prefix/`. */
  delete(prefix: string): Promise<void>;
}

export class InvalidBlobKeyError extends Error {}

const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MEDIA_TYPE_RE = /^[A-Za-z0-9][\w.+-]*\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\r\n]*"))*$/;
const MAX_SEGMENTS = 12;
/** First line of every stored file: the media type; the bytes follow. */
const MAGIC = 'swblob1 ';
const MAX_HEADER = 512;
const STALE_TMP_MS = 3600_000;
/** Bytes of a blob written between flushes to disk while it is written. */
const SYNC_EVERY = 8 * 1024 * 1024;

/** The segments of a valid key; throws InvalidBlobKeyError for anything else (empty, '..', '\', NUL, absolute). */
export function blobKeySegments(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1000) throw new InvalidBlobKeyError('Invalid blob key');
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS || !segments.every((s) => SEGMENT_RE.test(s))) throw new InvalidBlobKeyError('Invalid blob key');
  return segments;
}

/** Throws unless `mediaType` is a media type that fits on one header line (every store keeps it beside the bytes). */
export function checkMediaType(mediaType: string): void {
  if (typeof mediaType !== 'string' || mediaType.length > 200 || !MEDIA_TYPE_RE.test(mediaType)) throw new Error('Invalid media type');
}

/** The bytes of `put`'s data as a stream. */
export function blobSource(data: BlobData): Readable {
  return data instanceof Readable ? data : Readable.from([typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)]);
}

export function isValidBlobKey(key: string): boolean {
  try {
    blobKeySegments(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The blob store on the file system, under `DATA_DIR/blobs`. Each blob is one file whose first line
 * holds the media type: a put writes a temporary file in `<root>/.tmp` and renames it into place, so
 * the bytes and their type change together, and a crash leaves at most a stray temporary file (swept
 * at the next start) but never a partly written blob.
 */
export class FsBlobStore implements BlobStore {
  readonly root: string;
  private readonly tmpDir: string;
  private prepared: Promise<void> | null = null;
  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  /** Absolute path of a key's file, confined to the root. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, ...blobKeySegments(key));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidBlobKeyError('Invalid blob key');
    return file;
  }

  async put(key: string, data: BlobData, mediaType: string): Promise<BlobHead> {
    const file = this.pathOf(key);
    checkMediaType(mediaType);
    await this.prepare();
    const tmp = path.join(this.tmpDir, `${process.pid}-${randomBytes(8).toString('hex')}`);
    const header = Buffer.from(`${MAGIC}${mediaType}\n`, 'utf8');
    let size = 0;
    let out: ReturnType<typeof createWriteStream> | null = null;
    try {
      // Flushed to disk before it closes: a row committed after put() never points at a torn file.
      out = createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true });
      // Its folder is made while the bytes are written.
      const folder = fs.mkdir(path.dirname(file), { recursive: true });
      folder.catch(() => {});
      let fd: number | null = null;
      out.once('open', (opened: number) => (fd = opened));
      const source = blobSource(data);
      out.write(header);
      // A large blob goes to disk as it is written (a flush every SYNC_EVERY bytes, one at a time), so
      // the sync at the end waits for its last part only.
      let unsynced = 0;
      let syncing: Promise<void> | null = null;
      // Piped chunk by chunk (an async iterator would join what the source buffered into one copy).
      await pipeline(
        source,
        new Transform({
          transform(chunk: Buffer | string, _encoding, done) {
            const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
            size += buf.length;
            unsynced += buf.length;
            if (unsynced >= SYNC_EVERY && syncing === null && fd !== null) {
              unsynced = 0;
              const target = fd;
              syncing = new Promise<void>((resolve) => fdatasync(target, () => resolve())).then(() => void (syncing = null));
            }
            done(null, buf);
          },
          // The file is closed after the end: not while a flush of it is under way.
          flush(done) {
            if (syncing === null) done();
            else void syncing.then(() => done());
          },
        }),
        out,
      );
      // The pipeline ends once the file is closed, so after its last flush.
      await folder;
      await fs.rename(tmp, file);
    } catch (err) {
      // The stream may still be opening or closing its file: remove it only once it is closed.
      if (out && !out.closed) await once(out, 'close').catch(() => {});
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return { mediaType, size };
  }

  async get(key: string): Promise<StoredBlob | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const { handle, head, offset } = opened;
    // The handle closes with the stream (at its end, or when it is destroyed).
    return { ...head, stream: handle.createReadStream({ start: offset, autoClose: true }) };
  }

  async read(key: string): Promise<(BlobHead & { bytes: Buffer }) | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const { handle, head, offset } = opened;
    try {
      const bytes = Buffer.alloc(head.size);
      let done = 0;
      while (done < head.size) {
        const { bytesRead } = await handle.read(bytes, done, head.size - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return { ...head, bytes: bytes.subarray(0, done) };
    } finally {
      await handle.close();
    }
  }

  async readRanges(key: string, ranges: readonly number[]): Promise<Buffer[] | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const { handle, head, offset } = opened;
    try {
      const pieces: Buffer[] = [];
      for (let i = 0; i + 1 < ranges.length; i += 2) {
        const at = Math.max(0, ranges[i]);
        const length = Math.max(0, Math.min(ranges[i + 1], head.size - at));
        const bytes = Buffer.alloc(length);
        let done = 0;
        while (done < length) {
          const { bytesRead } = await handle.read(bytes, done, length - done, offset + at + done);
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        pieces.push(bytes.subarray(0, done));
      }
      return pieces;
    } finally {
      await handle.close();
    }
  }

  async delete(prefix: string): Promise<void> {
    const target = this.pathOf(prefix);
    // Moved aside first, so that a reader never sees half a folder.
    await this.prepare();
    const trash = path.join(this.tmpDir, `del-${process.pid}-${randomBytes(8).toString('hex')}`);
    try {
      await fs.rename(target, trash);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    await fs.rm(trash, { recursive: true, force: true });
  }

  private async open(key: string): Promise<{ handle: FileHandle; head: BlobHead; offset: number } | null> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const buf = Buffer.alloc(Math.min(MAX_HEADER, stat.size));
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      const newline = buf.subarray(0, bytesRead).indexOf(0x0a);
      const line = newline > 0 ? buf.subarray(0, newline).toString('utf8') : '';
      if (!line.startsWith(MAGIC)) {
        await handle.close();
        return null;
      }
      const offset = newline + 1;
      return { handle, head: { mediaType: line.slice(MAGIC.length), size: stat.size - offset }, offset };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /** Creates the temporary folder; at the first use, sweeps what a crashed process left there over an hour ago. */
  private prepare(): Promise<void> {
    this.prepared ??= this.sweep().catch((err) => {
      this.prepared = null;
      throw err;
    });
    return this.prepared;
  }

  private async sweep(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const cutoff = Date.now() - STALE_TMP_MS;
    for (const name of await fs.readdir(this.tmpDir)) {
      const entry = path.join(this.tmpDir, name);
      const stat = await fs.lstat(entry).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(entry, { recursive: true, force: true });
    }
  }
}
