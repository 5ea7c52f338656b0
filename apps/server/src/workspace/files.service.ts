import { WS_MSG, type DeleteFileQuery, type FileContentQuery, type FilesQuery, type PushFileBody } from '@stepwise/shared';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { blobText, requireBaseVersion } from './base-version.ts';
import { blobIdOf } from './blob-id.ts';
import { resolveBranch } from './feature-files.ts';
import { KEEP_FILE, keepFolder, requireFolderChain, segment } from './feature-paths.ts';
import type { ProjectRepo } from './project-repo.ts';
import { confinedPath } from './safe-path.ts';
import type { WorkspaceWriter } from './workspace-writes.ts';

/** A path under features/, steps/, environments/ or data/ naming something inside it (not the root itself). */
function filePath(directory: string, name: string): string {
  const path = confinedPath(`${directory.replace(/\/+$/, '')}/${segment(name)}`);
  if (!path.includes('/')) throw badRequest(WS_MSG.invalidPath);
  return path;
}

/** The regular file at `path`: 404 when absent, 400 for a symbolic link or a folder. */
async function requireFile(repo: ProjectRepo, head: string, path: string) {
  await requireFolderChain(repo, head, path);
  const entry = await repo.entryAt(head, path);
  if (!entry) throw notFound(WS_MSG.fileNotFound);
  if (entry.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
  if (entry.type !== 'blob') throw badRequest(WS_MSG.invalidPath);
  return entry;
}

/** Plain files of the workspace (step code, data, anything under the four roots). */
export class FilesService {
  private readonly ctx: AppContext;
  private readonly writer: WorkspaceWriter;
  constructor(ctx: AppContext, writer: WorkspaceWriter) {
    this.ctx = ctx;
    this.writer = writer;
  }

  /** Writes a file; with `baseVersion`, only over the version the client read (else 409 with the current one). */
  async push(auth: AuthContext, body: z.infer<typeof PushFileBody>): Promise<{ commit: string; path: string; version: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const path = filePath(body.directory, body.file.name);
    const commit = await this.writer.commit(scope, body.branch, `save file ${path}`, async (repo, head) => {
      await requireFolderChain(repo, head, path);
      const entry = await requireBaseVersion(repo, head, path, body.baseVersion, WS_MSG.staleFile, async (e) => ({ content: await blobText(repo, e) }));
      if (entry?.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
      if (entry && entry.type !== 'blob') throw badRequest(WS_MSG.invalidPath);
      return [{ path, content: body.file.content }];
    });
    return { commit, path, version: blobIdOf(body.file.content) };
  }

  async list(auth: AuthContext, q: z.infer<typeof FilesQuery>): Promise<Array<{ name: string; size: number }>> {
    await requireMember(this.ctx.db, auth, q.projectId);
    const folder = confinedPath(q.directory.replace(/\/+$/, ''));
    const head = await resolveBranch(this.ctx.workspaces, q.projectId, q.branch);
    const repo = this.ctx.workspaces.repo(q.projectId);
    await requireFolderChain(repo, head, folder);
    const entry = await repo.entryAt(head, folder);
    if (entry?.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
    if (!entry || entry.type !== 'tree') throw notFound(WS_MSG.folderNotFound);
    return (await repo.listFolder(head, folder))
      .filter((e) => e.type === 'blob' && e.mode !== '120000')
      .map((e) => ({ name: e.path.slice(folder.length + 1), size: e.size }))
      .filter((f) => f.name !== KEEP_FILE);
  }

  async remove(auth: AuthContext, q: z.infer<typeof DeleteFileQuery>): Promise<{ commit: string }> {
    const scope = await this.writer.scope(auth, q.projectId);
    const path = filePath(q.directory, q.fileName);
    const commit = await this.writer.commit(scope, q.branch, `delete file ${path}`, async (repo, head) => {
      await requireFile(repo, head, path);
      return [{ path, content: null }, ...(await keepFolder(repo, head, path.slice(0, path.lastIndexOf('/')), [path]))];
    });
    return { commit };
  }

  async content(auth: AuthContext, q: z.infer<typeof FileContentQuery>): Promise<{ file_path: string; content: string; version: string }> {
    await requireMember(this.ctx.db, auth, q.projectId);
    const path = confinedPath(q.file_path);
    const head = await resolveBranch(this.ctx.workspaces, q.projectId, q.branch);
    const repo = this.ctx.workspaces.repo(q.projectId);
    const entry = await requireFile(repo, head, path);
    return { file_path: path, content: (await repo.readBlobs([entry.oid])).get(entry.oid) ?? '', version: entry.oid };
  }
}
