import type { ChangeTestDataBody, TestDataRow } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

/** A row as loaded: a secret that could not be opened carries `error`. */
export type LoadedRow = TestDataRow & { error?: string };

export async function fetchTestData(ref: WorkspaceRef): Promise<LoadedRow[]> {
  const res = await api.get<{ testData: LoadedRow[] }>('workspace/testData', {
    projectId: ref.projectId,
    branch: ref.branch,
    isPrivateRepo: ref.isPrivateRepo ? 'true' : undefined,
  });
  return res.testData;
}

/** Saves the whole table (one commit). */
export function saveTestData(ref: WorkspaceRef, rows: TestDataRow[]): Promise<unknown> {
  const body: BodyOf<typeof ChangeTestDataBody> = { ...ref, testData: rows.map(({ key, value, DataType, environment }) => ({ key, value, DataType, environment })) };
  return api.post('workspace/changeTestData', body);
}
