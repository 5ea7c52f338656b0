import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { receiveUpload } from './upload.service.ts';

/** A wildcard: the token is longer than Fastify's 100-character limit on a named parameter. */
const UploadParams = z.object({ '*': z.string().min(1).max(4000) });

/**
 * PUT /api/runs/upload/<token>: the target of POST runs/generate-file-upload-url. No Authorization
 * header: the token's signature and expiry authorise the one file (403 otherwise). Any content type;
 * the body is streamed to the blob store, at most 100 MB. Answers { status, uploadId, key, size }.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // In this plugin only: every body is a stream, whatever its type (JSON included).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { bodyLimit: UPLOAD_MAX_BYTES }, (_req, payload, done) => done(null, payload));
  app.put('/runs/upload/*', { config: { public: true }, bodyLimit: UPLOAD_MAX_BYTES, schema: { params: UploadParams, consumes: ['*/*'] } }, async (req, reply) => {
    // The connection ends with the answer: a refused body is not read to its end.
    reply.header('connection', 'close');
    const length = Number(req.headers['content-length']);
    const body = (req.body as Readable | undefined) ?? null;
    const stored = await receiveUpload(ctx, req.params['*'], body, Number.isFinite(length) ? length : null);
    return { status: 'success' as const, ...stored };
  });
};
