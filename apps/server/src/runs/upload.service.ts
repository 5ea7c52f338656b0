import { pipeline, Readable, Transform } from 'node:stream';
import { RUNS_MESSAGES, UPLOAD_MAX_BYTES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { findMembership } from '../projects/projects.repository.ts';
import { UPLOAD_KEY_PURPOSE, verifyUploadToken } from './upload-url.ts';

export class UploadTooLargeError extends Error {}

/** Blob key of an upload. */
export const uploadKey = (projectId: string, uploadId: string, fileName: string) => `uploads/${projectId}/${uploadId}/${fileName}`;

/** Passes at most `limit` bytes through; more fails the stream. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(new UploadTooLargeError(RUNS_MESSAGES.uploadTooLarge));
      else done(null, chunk);
    },
  });
}

/**
 * PUT to a signed upload URL: the signature and expiry are the authorisation (403 with the message
 * otherwise); the user who asked for the URL must still be a member of its project. The bytes go
 * to the blob store under uploads/<projectId>/<uploadId>/<fileName> (a second PUT replaces them).
 */
export async function receiveUpload(
  ctx: AppContext,
  token: string,
  body: Readable | null,
  declaredLength: number | null,
): Promise<{ uploadId: string; key: string; size: number }> {
  const verified = verifyUploadToken(ctx.secrets.deriveKey(UPLOAD_KEY_PURPOSE), token, Date.now());
  if (!verified.ok) throw forbidden(verified.reason === 'expired' ? RUNS_MESSAGES.uploadUrlExpired : RUNS_MESSAGES.uploadUrlInvalid);
  const { grant } = verified;
  if (!(await findMembership(ctx.db, grant.projectId, grant.userId))) throw forbidden(RUNS_MESSAGES.uploadUrlInvalid);
  if (declaredLength !== null && declaredLength > UPLOAD_MAX_BYTES) throw new HttpError(413, RUNS_MESSAGES.uploadTooLarge);
  const key = uploadKey(grant.projectId, grant.uploadId, grant.fileName);
  // pipeline passes a failing request on to the blob store (which then removes its temporary file).
  const limited = pipeline(body ?? Readable.from([]), capped(UPLOAD_MAX_BYTES), () => {});
  try {
    const head = await ctx.blobs.put(key, limited, grant.contentType);
    return { uploadId: grant.uploadId, key, size: head.size };
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw new HttpError(413, RUNS_MESSAGES.uploadTooLarge);
    throw err;
  }
}
