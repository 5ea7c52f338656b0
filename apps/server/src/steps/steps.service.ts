import { BUILTIN_STEPS_FILE, USER_STEPS_FILE, WS_MSG, type StepInfoDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { blobText, requireBaseVersion } from '../workspace/base-version.ts';
import { blobIdOf } from '../workspace/blob-id.ts';
import { confinedPath } from '../workspace/safe-path.ts';
import { assertWritable, branchHead, commitChange } from '../environments/workspace-io.ts';
import { builtinLibrary } from './builtin-library.ts';
import { findFeature, type ScenarioStep } from './feature-steps.ts';
import { validateCode, type CodeError } from './step-definitions.ts';
import { lastChangeDates, STEPS_DIR, stepFileName } from './step-files.ts';
import { removeDefinitions } from './step-removal.ts';
import { addStubToFile, standaloneStub, stubExpression } from './step-stub.ts';
import { loadStepWorkspace, resolveStep, unusedDefinitionIndexes, type StepWorkspace } from './step-workspace.ts';

/** Code that does not parse: 400 with the spec's message, the file, line, column and the parser's message. */
export class CodeValidationError extends HttpError {
  constructor(file: string, error: CodeError) {
    super(400, WS_MSG.codeValidationError, { file, ...error });
  }
}

export interface UnusedStepRef {
  uri: string;
  keyword: string;
  pattern: string;
  line: number;
}

/** Step definitions of a branch: which scenario steps they implement, their code, stubs, cleanup. */
export class StepsService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Every distinct step of every scenario on the branch, with the definition that implements it. */
  async steps(auth: AuthContext, projectId: string, branch: string): Promise<StepInfoDto[]> {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    const [ws, dates] = await Promise.all([loadStepWorkspace(repo, head), lastChangeDates(repo, head)]);
    const seen = new Map<string, StepInfoDto>();
    for (const feature of ws.features) {
      for (const scenario of feature.scenarios) {
        for (const step of scenario.steps) if (!seen.has(step.text)) seen.set(step.text, this.info(ws, dates, step));
      }
    }
    return [...seen.values()];
  }

  /** The steps of one scenario (background first) with their code; an unimplemented step gets a stub. */
  async stepCodeByScenario(auth: AuthContext, projectId: string, branch: string, featureName: string, scenarioName: string): Promise<StepInfoDto[]> {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    const [ws, dates] = await Promise.all([loadStepWorkspace(repo, head), lastChangeDates(repo, head)]);
    const feature = findFeature(ws.features, featureName);
    if (!feature) throw notFound(WS_MSG.featureNotFound);
    const scenario = feature.scenarios.find((s) => s.name === scenarioName) ?? feature.scenarios.find((s) => s.name.trim() === scenarioName.trim());
    if (!scenario) throw notFound(WS_MSG.scenarioNotFound);
    const user = ws.files.find((f) => f.name === USER_STEPS_FILE);
    const userFile = user?.content ?? null;
    return scenario.steps.map((step) => {
      const info = this.info(ws, dates, step);
      if (info.implemented) return info;
      const content = addStubToFile(userFile, step, ws.matcher);
      const { pattern } = stubExpression(step, ws.matcher);
      const at = content.lastIndexOf('// source: user\n');
      return {
        ...info,
        mjsFile: USER_STEPS_FILE,
        mjsFileContent: content,
        mjsFileVersion: user?.oid ?? null,
        implemented_at: null,
        source: 'user' as const,
        pattern,
        line: content.slice(0, at).split('\n').length + 1,
        isStub: true,
        stubCode: standaloneStub(step, ws.matcher),
      };
    });
  }

  /**
   * Saves step files under steps/ in one commit; code that does not parse is refused unless forced. A
   * file sent with `baseVersion` (the version the client read) that changed since makes it 409.
   */
  async uploadMjs(auth: AuthContext, projectId: string, branch: string, files: Array<{ name: string; content: string; baseVersion?: string | null }>, force = false) {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    const targets = files.map((f) => ({ path: stepFilePath(f.name), content: f.content, base: f.baseVersion }));
    if (!force) {
      for (const t of targets) {
        const error = validateCode(t.content);
        if (error) throw new CodeValidationError(t.path, error);
      }
    }
    const change = targets.length === 1 ? `save step code ${targets[0].path}` : `save step code (${targets.map((t) => t.path).join(', ')})`;
    const commit = await commitChange(this.ctx, projectId, branch, auth.user, change, async (repo, head) => {
      for (const t of targets) {
        await requireBaseVersion(repo, head, t.path, t.base, WS_MSG.staleFile, async (e) => ({ file: t.path, content: await blobText(repo, e) }));
      }
      return targets.map(({ path, content }) => ({ path, content }));
    });
    return { commit, files: targets.map((t) => t.path), versions: targets.map((t) => blobIdOf(t.content)) };
  }

  /** Project definitions (not the built-in library) that no step of any feature on the branch uses. */
  async unused(auth: AuthContext, projectId: string, branch: string) {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    const ws = await loadStepWorkspace(repo, head);
    const defs = ws.matcher.definitions;
    const unused: UnusedStepRef[] = unusedDefinitionIndexes(ws).map((i) => ({
      uri: defs[i].file, keyword: defs[i].keyword, pattern: defs[i].pattern, line: defs[i].line,
    }));
    const errors = ws.files.filter((f) => f.parsed.error).map((f) => ({ uri: f.path, ...f.parsed.error! }));
    return { unused, errors };
  }

  /** Cuts the named definitions out of their files, if they are still unused, in one commit. */
  async removeUnused(auth: AuthContext, projectId: string, branch: string, input: Array<{ filePath: string; stepDefinitions: Array<{ keyword: string; pattern: string }> }>) {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    const wanted = new Map<string, Array<{ keyword: string; pattern: string }>>();
    for (const item of input) {
      const path = stepFilePath(stepFileName(item.filePath));
      wanted.set(path, [...(wanted.get(path) ?? []), ...item.stepDefinitions]);
    }
    let removed = 0;
    await commitChange(this.ctx, projectId, branch, auth.user, `remove unused step definitions`, async (repo, head) => {
      removed = 0;
      const ws = await loadStepWorkspace(repo, head);
      const key = (file: string, d: { line: number; column: number }) => `${file}:${d.line}:${d.column}`;
      const unused = new Set(unusedDefinitionIndexes(ws).map((i) => key(ws.matcher.definitions[i].file, ws.matcher.definitions[i])));
      const changes = [];
      for (const file of ws.files) {
        const refs = wanted.get(file.path);
        if (!refs) continue;
        const cut = file.parsed.definitions.filter(
          (d) => d.range !== null && unused.has(key(file.path, d)) && refs.some((r) => r.keyword.trim() === d.keyword && r.pattern === d.pattern),
        );
        if (!cut.length) continue;
        removed += cut.length;
        changes.push({ path: file.path, content: removeDefinitions(file.content, cut) });
      }
      return changes;
    });
    return removed;
  }

  private info(ws: StepWorkspace, dates: Map<string, string>, step: ScenarioStep): StepInfoDto {
    const { definition, implemented, ambiguous } = resolveStep(ws, step);
    const file = definition && !definition.builtin ? ws.files.find((f) => f.path === definition.file) : undefined;
    return {
      stepName: step.text,
      keyword: step.keyword,
      mjsFile: definition ? (definition.builtin ? BUILTIN_STEPS_FILE : definition.file.slice(STEPS_DIR.length + 1)) : null,
      mjsFileContent: definition ? (definition.builtin ? builtinLibrary().content : (file?.content ?? null)) : null,
      mjsFileVersion: file?.oid ?? null,
      implemented,
      implemented_at: definition && !definition.builtin ? (dates.get(definition.file) ?? null) : null,
      source: definition?.source ?? null,
      pattern: definition?.pattern ?? null,
      line: definition?.line ?? null,
      ...(ambiguous ? { ambiguous: true } : {}),
      ...(step.texts.length > 1 || step.texts[0] !== step.text ? { resolvedText: step.texts.join('\n') } : {}),
    };
  }
}

/** steps/<name> for a request's file name: .mjs only, confined to steps/, never the built-in utils file. */
export function stepFilePath(name: string): string {
  if (!name.endsWith('.mjs')) throw badRequest(WS_MSG.stepFileName);
  if (name === BUILTIN_STEPS_FILE) throw badRequest(WS_MSG.utilsNotEditable);
  return confinedPath(`${STEPS_DIR}/${name}`);
}
