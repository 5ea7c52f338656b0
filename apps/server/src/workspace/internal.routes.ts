import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { bearerToken } from '../http/auth-plugin.ts';
import { RemoteAddressError } from '../private-repo/remote-address.ts';
import { RemoteGitError } from '../private-repo/remote-git.ts';
import { sendAdvertisement, sendUploadPack } from '../workers/git-http.ts';
import { GitError } from './git.ts';
import { BranchMovedError, TreeConflictError } from './git-repo.ts';
import { runRepoCall } from './internal-calls.ts';
import { ArchiveParams, COMMIT_NOT_FOUND, INTERNAL_PREFIX, ProjectParams, RepoCall, UploadPackQuery, type InternalErrorCode } from './internal-protocol.ts';
import { BranchNotFoundError } from './project-repo.ts';
import { WorkspaceStore } from './workspace-store.ts';

const BODY_LIMIT = 256 * 1024 * 1024;
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The workspace server's internal routes (registered under INTERNAL_PREFIX when WORKSPACE_TOKEN is
 * set and WORKSPACE_URL is not): the other API servers' Git calls. Every request needs the shared
 * token (compared in constant time). Left out of OpenAPI: a protocol between the servers of one
 * deployment, not an API for users (`hide`, and outside /api).
 */
export const internalWorkspaceRoutes: FastifyPluginAsyncZod<{ store: WorkspaceStore; token: string }> = async (app, { store, token }) => {
  const expected = digest(token);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const given = bearerToken(req);
    if (!given || !timingSafeEqual(digest(given), expected)) return fail(reply, 401, 'unauthorized', 'Invalid workspace token');
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) return fail(reply, 400, 'invalid', err.validation[0]?.message ?? 'Invalid request');
    if (err instanceof BranchNotFoundError) return fail(reply, 404, 'branch-not-found', err.message);
    if (err instanceof BranchMovedError) return fail(reply, 409, 'branch-moved', err.message, { head: err.head });
    if (err instanceof TreeConflictError) return fail(reply, 422, 'tree-conflict', err.result.stderr);
    if (err instanceof RemoteAddressError) return fail(reply, 400, 'remote-address', err.message);
    if (err instanceof RemoteGitError) return fail(reply, 502, 'remote-git', err.message, { gitCode: err.code });
    if (err instanceof GitError) return fail(reply, 500, 'git', err.message, { command: /^git (\S+)/.exec(err.message)?.[1] ?? 'git', stderr: err.result.stderr, exitCode: err.result.code });
    if (err.statusCode && err.statusCode < 500) return fail(reply, err.statusCode, 'invalid', err.message);
    req.log.error({ err }, 'workspace call failed');
    return fail(reply, 500, 'invalid', err.message);
  });
  const pass = (_req: unknown, payload: Readable, done: (err: null, body: Readable) => void) => done(null, payload);
  app.addContentTypeParser('application/x-git-upload-pack-request', { bodyLimit: BODY_LIMIT }, pass);
  const hide = true;

  app.post('/repos/:projectId/call', { bodyLimit: BODY_LIMIT, schema: { hide, params: ProjectParams, body: RepoCall } }, async (req) => ({
    result: await runRepoCall(store, req.params.projectId, req.body),
  }));

  app.get('/repos/:projectId/archive/:commit', { schema: { hide, params: ArchiveParams } }, async (req, reply) => {
    const repo = store.repo(req.params.projectId);
    // Checked first: once the stream has begun, a failure of git can only cut the tar short.
    if (!(await repo.commitExists(req.params.commit))) return fail(reply, 404, 'commit-not-found', COMMIT_NOT_FOUND);
    const tar = await repo.archive(req.params.commit);
    return reply.header('content-type', 'application/x-tar').send(tar);
  });

  app.get('/repos/:projectId/upload-pack', { schema: { hide, params: ProjectParams } }, async (req, reply) =>
    sendAdvertisement(reply, await store.repo(req.params.projectId).advertiseUploadPack()),
  );
  app.post('/repos/:projectId/upload-pack', { schema: { hide, params: ProjectParams, querystring: UploadPackQuery, consumes: ['application/x-git-upload-pack-request'] } }, async (req, reply) =>
    sendUploadPack(reply, await store.repo(req.params.projectId).uploadPack(req.body as Readable, req.query.gzip === '1')),
  );
};

function fail(reply: FastifyReply, status: number, code: InternalErrorCode, error: string, details: Record<string, unknown> = {}): FastifyReply {
  return reply.status(status).send({ status: 'error', code, error, ...details });
}

/** On the workspace server (WORKSPACE_TOKEN set, WORKSPACE_URL not): the internal routes the other API servers call. */
export async function registerInternalWorkspace(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onClose', () => ctx.workspaces.close());
  const token = ctx.config.workspaceToken;
  if (!token || ctx.config.workspaceUrl || !(ctx.workspaces instanceof WorkspaceStore)) return;
  await app.register(internalWorkspaceRoutes, { prefix: INTERNAL_PREFIX, store: ctx.workspaces, token });
}
