import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RecorderSaveBody, type RecorderSaveResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { saveRecording } from './recorder-save.ts';

/**
 * POST recorder/save: a recorded scenario published by the cloud recorder (session token) or by
 * `stepwise record` (the project's access key: a key opens its own project only).
 */
export const recorderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/recorder/save', { config: { accessKey: true }, schema: { body: RecorderSaveBody } }, async (req): Promise<RecorderSaveResponse> => {
    return saveRecording(ctx, authOf(req), req.body);
  });
};
