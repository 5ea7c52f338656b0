import {
  DEFAULT_BRANCH, DEFAULT_TAG, featureNameError, featureRenameError, stripFeatureExt, WS_MSG,
  type CreateFeatureBody, type DeleteFeatureBody, type RenameFeatureBody,
} from '@stepwise/shared';
import path from 'node:path';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { readBranchFeatures } from './feature-files.ts';
import { featureListJson } from './feature-list.ts';
import { TreeIndex } from './tree-index.ts';
import { childrenOf, featureFileName, featureFolder, keepFolder, relToFeatures, requireFolder } from './feature-paths.ts';
import type { ProjectRepo } from './project-repo.ts';
import { parseBlob } from './parse-cache.ts';
import { renameFeatureTitle } from './scenario-edit.ts';
import { pullIfPrivate } from './private-sync.ts';
import { setScenarioCount } from './workspace-state.repository.ts';
import { listAccess } from './list-access.ts';
import { Answer } from '../cache/answer.ts';
import type { WorkspaceWriter } from './workspace-writes.ts';

/** The feature file at `path`, 404 when absent, 400 for a link or a folder. */
async function readFeature(repo: ProjectRepo, head: string, path: string): Promise<{ oid: string; content: string }> {
  const entry = await repo.entryAt(head, path);
  if (!entry) throw notFound(WS_MSG.featureNotFound);
  if (entry.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
  if (entry.type !== 'blob') throw badRequest(WS_MSG.invalidPath);
  return { oid: entry.oid, content: (await repo.readBlobs([entry.oid])).get(entry.oid) ?? '' };
}

const featureSiblings = async (repo: ProjectRepo, head: string, folder: string) =>
  (await childrenOf(repo, head, folder)).map((e) => e.path).filter((n) => n.endsWith('.feature'));

/** Reads of the features tree, and feature-level writes. */
export class FeaturesService {
  private readonly ctx: AppContext;
  private readonly writer: WorkspaceWriter;
  /** Encoded trees kept across restarts, under DATA_DIR/tree-index (tree-index.ts). */
  readonly treeIndex: TreeIndex;
  constructor(ctx: AppContext, writer: WorkspaceWriter) {
    this.ctx = ctx;
    this.writer = writer;
    this.treeIndex = new TreeIndex(path.join(ctx.config.dataDir, 'tree-index'));
  }

  /**
   * FeatureListResponse as encoded JSON (the tree cached per commit, the whole answer with its
   * compressed forms per commit and selection). The membership check and the selection come from
   * the server's caches, else from one query (list-access.ts): this is the hottest read of the product.
   * A caller that names the commit it holds (`knownCommit`) gets the answer without the tree while
   * the branch is still there.
   */
  async list(auth: AuthContext, projectId: string, branch: string, compact = false, knownCommit?: string): Promise<Answer> {
    const { project, selection } = await listAccess(this.ctx, auth, projectId, branch);
    await pullIfPrivate(this.ctx, project);
    const { parts, unchanged, own, shared } = await featureListJson(this.ctx.workspaces, projectId, branch, selection, compact, this.treeIndex, knownCommit);
    // Without the tree: a few hundred bytes, made again each time.
    if (unchanged) return new Answer(parts);
    // The caller's fields name the branch, its commit and their selection: with the form, all the answer depends on.
    const key = `${projectId} ${compact ? 'compact' : 'full'} ${own.toString('latin1')}`;
    const cached = await this.ctx.caches.trees.load(key, async () => ({ projectId, answer: new Answer(parts, shared) }));
    return cached?.answer ?? new Answer(parts, shared);
  }

  /** Features and scenarios on main; brings projects.scenario_count up to date on the way. */
  async count(auth: AuthContext, projectId: string): Promise<{ featuresCount: number; scenariosCount: number }> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    const data = await readBranchFeatures(this.ctx.workspaces, projectId, DEFAULT_BRANCH);
    if (project.scenario_count !== data.scenarioCount) await setScenarioCount(this.ctx, projectId, data.scenarioCount);
    return { featuresCount: data.features.length, scenariosCount: data.scenarioCount };
  }

  /** A new feature with one empty Scenario Outline tagged @regression (add-feature wizard). */
  async create(auth: AuthContext, body: z.infer<typeof CreateFeatureBody>): Promise<{ commit: string; path: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const folder = featureFolder(body.parentPath);
    const name = stripFeatureExt(body.name.trim());
    const nameError = featureNameError(name);
    if (nameError) throw badRequest(nameError);
    const path = `${folder}/${featureFileName(name)}`;
    const commit = await this.writer.commit(scope, body.branch, `create feature ${relToFeatures(path)}`, async (repo, head) => {
      await requireFolder(repo, head, folder);
      const error = featureNameError(name, await featureSiblings(repo, head, folder));
      if (error) throw badRequest(error);
      return [{ path, content: `Feature: ${name}\n\n  @${DEFAULT_TAG}\n  Scenario Outline: ${name}\n` }];
    });
    return { commit, path: relToFeatures(path) };
  }

  /** Renames the file and the `Feature:` title inside it. */
  async rename(auth: AuthContext, body: z.infer<typeof RenameFeatureBody>): Promise<{ commit: string; path: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const folder = featureFolder(body.parentPath);
    const newName = body.newName.trim();
    const from = `${folder}/${featureFileName(body.oldName)}`;
    const error = featureRenameError(body.oldName, newName);
    if (error) throw badRequest(error);
    const to = `${folder}/${featureFileName(newName)}`;
    const change = `rename feature ${relToFeatures(from)} to ${relToFeatures(to)}`;
    const commit = await this.writer.commit(scope, body.branch, change, async (repo, head) => {
      const { oid, content } = await readFeature(repo, head, from);
      const siblingError = featureRenameError(body.oldName, newName, await featureSiblings(repo, head, folder));
      if (siblingError) throw badRequest(siblingError);
      const text = renameFeatureTitle(content, parseBlob(oid, content).parsed, newName);
      return [{ path: from, content: null }, { path: to, content: text }];
    });
    return { commit, path: relToFeatures(to) };
  }

  async remove(auth: AuthContext, body: z.infer<typeof DeleteFeatureBody>): Promise<{ commit: string }> {
    const scope = await this.writer.scope(auth, body.projectId);
    const folder = featureFolder(body.parentPath);
    const path = `${folder}/${featureFileName(body.name)}`;
    const commit = await this.writer.commit(scope, body.branch, `delete feature ${relToFeatures(path)}`, async (repo, head) => {
      await readFeature(repo, head, path);
      return [{ path, content: null }, ...(await keepFolder(repo, head, folder, [path]))];
    });
    return { commit };
  }
}
