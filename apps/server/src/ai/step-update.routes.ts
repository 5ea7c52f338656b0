import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StepUpdateBody, type StepUpdateResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { HttpError } from '../http/errors.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import { aiProvider } from './ai-provider.ts';

/**
 * The AI update of a step (the spec's runs/process-user-request/generate): the step's function in
 * the file the editor holds is changed as the request asks, and the whole file comes back for review.
 * Nothing is saved here: the person saves through upload-mjs after reviewing the diff.
 */
export const stepUpdateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/runs/process-user-request/generate', { schema: { body: StepUpdateBody } }, async (req): Promise<StepUpdateResponse> => {
    const auth = authOf(req);
    const body = req.body;
    // A generating action: members only, and an expired licence blocks it like the other writes.
    await workspaceServices(ctx).writer.scope(auth, body.projectId);
    const result = await aiProvider(ctx).updateStepCode({
      userRequest: body.user_request,
      functionName: body.function_name,
      fileContent: body.mjs_file_content,
    });
    if (!result.ok) throw new HttpError(422, result.reason);
    return { status: 'success', result: { mjs_file_content: result.fileContent, summary: result.summary } };
  });
};
