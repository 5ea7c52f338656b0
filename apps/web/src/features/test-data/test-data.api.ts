import type { ChangeTestDataBody, TestDataResponse, TestDataRow } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

/** A row as loaded: a secret that could not be opened carries `error`. */
export type LoadedRow = TestDataRow & { error?: string };

/** The table and its version (null before the first save), which a save names as its base. */
export interface TestData {
  rows: LoadedRow[];
  version: string | null;
}

export async function fetchTestData(ref: WorkspaceRef): Promise<TestData> {
  const res = await api.get<DtoOf<typeof TestDataResponse>>('workspace/testData', {
    projectId: ref.projectId,
    branch: ref.branch,
    isPrivateRepo: ref.isPrivateRepo ? 'true' : undefined,
  });
  return { rows: res.testData, version: res.version };
}

/** Saves the whole table (one commit) over `baseVersion`, the version it was read at (409 when it changed since). */
export function saveTestData(ref: WorkspaceRef, rows: TestDataRow[], baseVersion: string | null): Promise<unknown> {
  const testData = rows.map(({ key, value, DataType, environment }) => ({ key, value, DataType, environment }));
  const body: BodyOf<typeof ChangeTestDataBody> = { ...ref, testData, baseVersion };
  return api.post('workspace/changeTestData', body);
}
