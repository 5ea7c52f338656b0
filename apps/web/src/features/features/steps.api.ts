import { WS_MSG, type StepInfoDto, type UploadMjsBody } from '@stepwise/shared';
import { api, ApiError } from '../../api/client';
import type { BodyOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

export async function fetchSteps(ref: WorkspaceRef): Promise<StepInfoDto[]> {
  const res = await api.post<{ stepInfo: StepInfoDto[] }>(`workspace/store-and-get-steps?projectId=${encodeURIComponent(ref.projectId)}`, {
    branch: ref.branch,
    isPrivateRepo: ref.isPrivateRepo,
  });
  return res.stepInfo;
}

/** Steps of one scenario with their code; `featureName` is the feature's path under features/. */
export async function fetchStepCode(ref: WorkspaceRef, featureName: string, scenarioName: string): Promise<StepInfoDto[]> {
  const res = await api.post<{ stepInfo: StepInfoDto[] }>('workspace/get-step-code-by-scenario', { ...ref, featureName, scenarioName });
  return res.stepInfo;
}

/** upload-mjs refused code that does not parse. */
export class CodeValidationError extends Error {
  readonly line: number | null;
  readonly detail: string | null;
  constructor(line: number | null, detail: string | null) {
    super(WS_MSG.codeValidationError);
    this.line = line;
    this.detail = detail;
  }
}

type StepFiles = BodyOf<typeof UploadMjsBody>['files'];

/** Saves step files; `force` (Save Anyway) commits code that does not parse. */
export async function uploadStepFiles(ref: WorkspaceRef, files: StepFiles, force = false): Promise<void> {
  try {
    await api.post('workspace/upload-mjs', { ...ref, files, force });
  } catch (err) {
    const body = err instanceof ApiError ? (err.body as { line?: unknown; message?: unknown } | null) : null;
    if (err instanceof ApiError && err.status === 400 && body && typeof body.line === 'number') {
      throw new CodeValidationError(body.line, typeof body.message === 'string' ? body.message : null);
    }
    throw err;
  }
}

/** A saved workspace file ('steps/user_defined_functions.mjs'), or null when there is none. */
export async function fetchFileContent(ref: WorkspaceRef, filePath: string): Promise<string | null> {
  try {
    const res = await api.get<{ content: string }>('workspace/get-file-content', { projectId: ref.projectId, branch: ref.branch, file_path: filePath });
    return res.content;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
