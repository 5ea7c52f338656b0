import { z } from 'zod';

/**
 * What API servers send the workspace server (WORKSPACE_URL) under /internal/workspace: one JSON call
 * per repository operation, and streams for archives and Git smart HTTP. Internal: not part of the
 * public API (left out of OpenAPI), opened only by WORKSPACE_TOKEN.
 */
export const INTERNAL_PREFIX = '/internal/workspace';

/** Error codes of the workspace server's answers, turned back into the caller's own errors (remote-errors.ts). */
export type InternalErrorCode = 'branch-not-found' | 'commit-not-found' | 'branch-moved' | 'tree-conflict' | 'remote-git' | 'remote-address' | 'git' | 'invalid' | 'unauthorized';

/** The archive of a commit the repository does not hold. */
export const COMMIT_NOT_FOUND = 'Commit not found';

export const ProjectParams = z.object({ projectId: z.string().regex(/^[a-zA-Z0-9-]{1,64}$/, 'Invalid project id') });
export const ArchiveParams = ProjectParams.extend({ commit: z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, 'Invalid commit id') });
export const UploadPackQuery = z.object({ gzip: z.enum(['0', '1']).default('0') });

const text = z.string().max(4096);
const commitish = z.string().max(200);
const AuthorSchema = z.object({ name: z.string().max(500), email: z.string().max(500) });
const Creds = z.object({ url: z.string().max(2048), username: z.string().max(500), token: z.string().max(4096), allowPrivateHosts: z.boolean() });
const Change = z.object({ path: text, content: z.string().nullable(), oid: z.string().max(64).optional(), mode: z.string().max(6).optional() });

export const RepoCall = z.discriminatedUnion('op', [
  z.object({ op: z.literal('branchHead'), branch: text }),
  z.object({ op: z.literal('branches') }),
  z.object({ op: z.literal('lsTree'), commit: commitish, prefix: text.optional(), trees: z.boolean().optional() }),
  z.object({ op: z.literal('readBlobs'), oids: z.array(z.string().max(64)).max(200_000) }),
  z.object({ op: z.literal('readFile'), commit: commitish, path: text }),
  z.object({ op: z.literal('listFolder'), commit: commitish, folder: text }),
  z.object({ op: z.literal('entryAt'), commit: commitish, path: text }),
  z.object({ op: z.literal('entriesAt'), commit: commitish, paths: z.array(text).max(100_000) }),
  z.object({ op: z.literal('commitExists'), commit: commitish }),
  z.object({ op: z.literal('lastCommitTouching'), branch: text, path: text }),
  z.object({ op: z.literal('lastChangeDates'), head: commitish, folder: text, limit: z.number().int().min(1).max(100_000) }),
  z.object({ op: z.literal('createBranch'), branch: text, commit: commitish }),
  z.object({ op: z.literal('deleteBranch'), branch: text, commit: commitish }),
  z.object({ op: z.literal('syncRemote'), creds: Creds, remoteWins: z.boolean().optional(), push: z.boolean().optional() }),
  z.object({ op: z.literal('pushRemote'), creds: Creds, branches: z.array(text).max(10_000) }),
  z.object({ op: z.literal('deleteRemote'), creds: Creds, branch: text }),
  z.object({ op: z.literal('exists') }),
  z.object({ op: z.literal('create'), name: z.string().max(500), author: AuthorSchema }),
  z.object({ op: z.literal('remove') }),
  z.object({ op: z.literal('listFiles'), branch: text }),
  /** A write built on the caller: committed only if `branch` is still at `parent` (else 409 branch-moved). */
  z.object({ op: z.literal('commit'), branch: text, parent: commitish, changes: z.array(Change).max(100_000), author: AuthorSchema, message: z.string().max(100_000) }),
]);
export type RepoCall = z.infer<typeof RepoCall>;
