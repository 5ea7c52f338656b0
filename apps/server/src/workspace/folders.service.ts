import {
  folderNameError, MAX_FOLDER_DEPTH, WS_MSG, type CreateFolderBody, type DeleteFolderBody, type EditFolderBody,
} from '@stepwise/shared';
import type { z } from 'zod';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { FeaturesService } from './features.service.ts';
import {
  childrenOf, depthOf, featureFolder, filesUnder, KEEP_FILE, keepFolder, relToFeatures, requireFolder, segment,
} from './feature-paths.ts';
import type { FileChange } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import { moveChanges } from './folder-move.ts';
import type { WorkspaceWriter } from './workspace-writes.ts';

/** Folders of the features tree: create, rename, move (folders and features), delete. */
export class FoldersService {
  private readonly writer: WorkspaceWriter;
  private readonly features: FeaturesService;
  constructor(writer: WorkspaceWriter, features: FeaturesService) {
    this.writer = writer;
    this.features = features;
  }

  async create(auth: AuthContext, body: z.infer<typeof CreateFolderBody>): Promise<{ commit: string; path: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const name = body.name.trim();
    const nameError = folderNameError(name);
    if (nameError) throw badRequest(nameError);
    const parent = featureFolder(body.parentPath);
    if (depthOf(relToFeatures(parent)) + 1 > MAX_FOLDER_DEPTH) throw badRequest(WS_MSG.folderTooDeep);
    const path = `${parent}/${segment(name)}`;
    const commit = await this.writer.commit(scope, body.branch, `create folder ${relToFeatures(path)}`, async (repo, head) => {
      await requireFolder(repo, head, parent);
      const error = folderNameError(name, (await childrenOf(repo, head, parent)).map((e) => e.path));
      if (error) throw badRequest(error);
      return [{ path: `${path}/${KEEP_FILE}`, content: '' }];
    });
    return { commit, path: relToFeatures(path) };
  }

  /** Renamed: a folder (or, for a name ending in .feature, a feature). Moved: a folder or feature into destinationPath. */
  async edit(auth: AuthContext, body: z.infer<typeof EditFolderBody>): Promise<{ commit: string; path: string }> {
    const isFeature = body.oldName.trim().toLowerCase().endsWith('.feature');
    if (body.action === 'Renamed' && isFeature) {
      return this.features.rename(auth, { ...body, newName: body.newName ?? '' });
    }
    const scope = await this.writer.scope(auth, body.projectId);
    const parent = featureFolder(body.parentPath);
    const from = `${parent}/${segment(body.oldName)}`;
    let target: string;
    if (body.action === 'Renamed') {
      const newName = (body.newName ?? '').trim();
      const nameError = folderNameError(newName);
      if (nameError) throw badRequest(nameError);
      if (newName === body.oldName.trim()) throw badRequest(WS_MSG.featureRenameSame);
      target = `${parent}/${segment(newName)}`;
    } else {
      const dest = featureFolder(body.destinationPath);
      if (dest === parent) throw badRequest(WS_MSG.moveSameDestination);
      if (dest === from || dest.startsWith(`${from}/`)) throw badRequest(WS_MSG.moveIntoItself);
      target = `${dest}/${segment(body.oldName)}`;
    }
    const verb = body.action === 'Renamed' ? 'rename' : 'move';
    const change = `${verb} ${isFeature ? 'feature' : 'folder'} ${relToFeatures(from)} to ${relToFeatures(target)}`;
    const commit = await this.writer.commit(scope, body.branch, change, (repo, head) =>
      moveChanges(repo, head, { from, to: target, isFeature, renaming: body.action === 'Renamed', oldName: body.oldName.trim() }),
    );
    return { commit, path: relToFeatures(target) };
  }

  /** Deletes the folder `deletePath` (or `deletePath`/`name`, see DeleteFolderBody) and everything in it. */
  async remove(auth: AuthContext, body: z.infer<typeof DeleteFolderBody>): Promise<{ commit: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const name = segment(body.name);
    const given = featureFolder(body.deletePath);
    let target = given;
    const commit = await this.writer.commit(scope, body.branch, () => `delete folder ${relToFeatures(target)}`, async (repo, head) => {
      target = await folderToDelete(repo, head, given, name);
      const files = await filesUnder(repo, head, target);
      const parent = target.slice(0, target.lastIndexOf('/'));
      const gone: FileChange[] = files.map((f) => ({ path: f.path, content: null }));
      return [...gone, ...(await keepFolder(repo, head, parent, files.map((f) => f.path)))];
    });
    return { commit };
  }
}

async function folderToDelete(repo: ProjectRepo, head: string, given: string, name: string): Promise<string> {
  const candidates = given.endsWith(`/${name}`) ? [given, `${given}/${name}`] : [`${given}/${name}`];
  for (const c of candidates) {
    const entry = await repo.entryAt(head, c);
    if (entry?.type === 'tree') return c;
  }
  throw notFound(WS_MSG.folderNotFound);
}
