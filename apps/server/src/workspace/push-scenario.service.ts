import { featureNameError, scenarioNameError, stripFeatureExt, tagError, WS_MSG, type ParseError, type PushScenarioBody } from '@stepwise/shared';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { blobText, requireBaseVersion } from './base-version.ts';
import { childrenOf, featureFileName, featureFolder, relToFeatures, requireFolder } from './feature-paths.ts';
import type { FileChange } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import { cachedFeature, parseBlob } from './parse-cache.ts';
import { appendScenarios, newFeatureText, removeScenario, replaceScenario, scenariosOfData, uniquifyNames } from './scenario-edit.ts';
import { saveSelection } from './workspace-state.repository.ts';
import { blobIdOf } from './blob-id.ts';
import type { WorkspaceWriter } from './workspace-writes.ts';

type Body = z.infer<typeof PushScenarioBody>;

export interface PushResult {
  commit: string;
  path?: string;
  scenarioIndex: number | null;
  scenarioName: string | null;
  parseError: ParseError | null;
}

interface Outcome {
  text: string | null;
  index: number | null;
  change: string;
}

/** push-scenario: replace, append, delete a scenario, or save a whole feature file (see PushScenarioBody). */
export async function pushScenario(ctx: AppContext, writer: WorkspaceWriter, auth: AuthContext, body: Body): Promise<PushResult> {
  const scope = await writer.scope(auth, body.projectId);
  const folder = featureFolder(body.parentPath);
  const path = `${folder}/${featureFileName(body.name)}`;
  const index = body.scenarioIndex ?? -1;
  if (body.deleteScenario && index < 0) throw badRequest(WS_MSG.scenarioNotFound);
  if (!body.deleteScenario && !body.data.trim()) throw badRequest(WS_MSG.fillAllFields);
  let outcome: Outcome = { text: null, index: null, change: '' };
  const build = async (repo: ProjectRepo, head: string): Promise<FileChange[]> => {
    outcome = await edit(repo, head, folder, path, body, index);
    return [{ path, content: outcome.text }];
  };
  const commit = await writer.commit(scope, body.branch, () => outcome.change, build, body.commitMsg?.trim() || undefined);
  const rel = relToFeatures(path);
  const parsed = outcome.text === null ? null : parseBlob(blobIdOf(outcome.text), outcome.text).parsed;
  const scenarioIndex = parsed && outcome.index !== null && outcome.index < parsed.scenarios.length ? outcome.index : null;
  await saveSelection(ctx, auth.user.id, body.projectId, body.branch, {
    lastActiveFolder: body.lastActiveFolder ?? body.parentPath,
    lastActiveFeature: outcome.text === null ? null : rel,
    scenarioIndex,
  });
  return {
    commit,
    path: outcome.text === null ? undefined : rel,
    scenarioIndex,
    scenarioName: scenarioIndex === null ? null : parsed!.scenarios[scenarioIndex].name,
    parseError: parsed?.parseError ?? null,
  };
}

async function edit(repo: ProjectRepo, head: string, folder: string, path: string, body: Body, index: number): Promise<Outcome> {
  const appends = !body.replaceFile && !body.deleteScenario && index < 0;
  if (body.baseCommit && !appends) await requireBaseCommit(repo, head, path, body.baseCommit);
  await requireFolder(repo, head, folder);
  const entry = await repo.entryAt(head, path);
  if (entry && entry.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
  if (entry && entry.type !== 'blob') throw badRequest(WS_MSG.invalidPath);
  const rel = relToFeatures(path);
  if (!entry) {
    if (body.deleteScenario) throw notFound(WS_MSG.featureNotFound);
    const siblings = (await childrenOf(repo, head, folder)).map((e) => e.path).filter((n) => n.endsWith('.feature'));
    const nameError = featureNameError(stripFeatureExt(body.name), siblings);
    if (nameError) throw badRequest(nameError);
    if (body.replaceFile) return { text: body.data, index: null, change: `create feature ${rel}` };
    const pushed = scenariosOfData(body.data, 'en');
    checkNewTags(pushed ?? [], []);
    const data = pushed ? uniquifyNames(body.data, pushed, []).data : body.data;
    return { text: newFeatureText(stripFeatureExt(body.name.trim()), data), index: 0, change: `create feature ${rel}` };
  }
  const current = cachedFeature(entry.oid)?.content ?? (await repo.readBlobs([entry.oid])).get(entry.oid) ?? '';
  if (body.replaceFile) return { text: body.data, index: null, change: `save feature ${rel}` };
  const { parsed } = parseBlob(entry.oid, current);
  if (parsed.parseError) throw badRequest(WS_MSG.featureUnparsable);
  const names = parsed.scenarios.map((s) => s.name);
  const inRange = index >= 0 && index < parsed.scenarios.length;
  if (body.deleteScenario) {
    if (!inRange) throw notFound(WS_MSG.scenarioNotFound);
    const text = parsed.scenarios.length === 1 ? null : removeScenario(current, parsed, index);
    return { text, index: null, change: `delete scenario '${names[index]}' from ${rel}` };
  }
  const pushed = scenariosOfData(body.data, parsed.language);
  checkNewTags(pushed ?? [], parsed.allTags);
  if (inRange) {
    const old = parsed.scenarios[index];
    const renamed = pushed?.[0] && pushed[0].name !== old.name ? pushed[0].name : null;
    if (renamed !== null) {
      const error = scenarioNameError(renamed, old.name, names.filter((_, i) => i !== index));
      if (error) throw badRequest(error);
    }
    return { text: replaceScenario(current, parsed, index, body.data), index, change: `edit scenario '${renamed ?? old.name}' in ${rel}` };
  }
  const data = pushed ? uniquifyNames(body.data, pushed, names) : { data: body.data, names: [] };
  const added = data.names[0] ?? 'scenario';
  return { text: appendScenarios(current, data.data), index: parsed.scenarios.length, change: `add scenario '${added}' to ${rel}` };
}

/** 409 (with the file as it is now) when the feature at `head` is not the one at the client's `baseCommit`. */
async function requireBaseCommit(repo: ProjectRepo, head: string, path: string, baseCommit: string): Promise<void> {
  // A commit this repository does not have matches no version of the file.
  const then = (await repo.commitExists(baseCommit)) ? ((await repo.entryAt(baseCommit, path))?.oid ?? null) : 'unknown commit';
  await requireBaseVersion(repo, head, path, then, WS_MSG.staleEdit, async (now) => ({ content: await blobText(repo, now) }));
}

function checkNewTags(pushed: Array<{ tags: string[] }>, known: string[]): void {
  const have = new Set(known);
  for (const sc of pushed) {
    for (const tag of sc.tags) if (!have.has(tag) && tagError(tag)) throw badRequest(WS_MSG.tagChars);
  }
}
