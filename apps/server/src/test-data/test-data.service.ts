import { ALL_ENVIRONMENTS, testDataRowError, WS_MSG, type TestDataRow } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { readEnvironments } from '../environments/environment-files.ts';
import { assertWritable, branchHead, commitChange } from '../environments/workspace-io.ts';
import { blobText, requireBaseVersion } from '../workspace/base-version.ts';
import { blobIdOf } from '../workspace/blob-id.ts';
import { openRows, sealRows, TEST_DATA_FILE, type OpenedRow } from './test-data-file.ts';

/** The test data table of a branch (data/test-data.json); secret and totp values never reach Git in clear. */
export class TestDataService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** The opened rows and the file's version (its blob id; null while there is no file). */
  async get(auth: AuthContext, projectId: string, branch: string): Promise<{ rows: OpenedRow[]; version: string | null }> {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    const entry = await repo.entryAt(head, TEST_DATA_FILE);
    return { rows: openRows(await blobText(repo, entry), this.ctx.secrets), version: entry?.oid ?? null };
  }

  /**
   * Replaces the whole table after checking every row; one commit. With `baseVersion` (the version
   * the client read) a table changed since is 409 with the current rows; returns the new version.
   */
  async replace(auth: AuthContext, projectId: string, branch: string, rows: TestDataRow[], baseVersion?: string | null): Promise<{ rows: number; version: string | null }> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    rows.forEach((row, i) => {
      const error = testDataRowError(row, rows.filter((_, j) => j !== i));
      if (error) throw badRequest(error);
    });
    let version: string | null = null;
    await commitChange(this.ctx, projectId, branch, auth.user, `update test data (${rows.length} rows)`, async (repo, head) => {
      const entry = await requireBaseVersion(repo, head, TEST_DATA_FILE, baseVersion, WS_MSG.staleTestData, async (e) => ({
        testData: openRows(await blobText(repo, e), this.ctx.secrets),
      }));
      const envs = new Set((await readEnvironments(repo, head)).map((e) => e.name));
      const previous = openRows(await blobText(repo, entry), this.ctx.secrets);
      // Rows left behind by a deleted or renamed environment may stay as they were; new ones may not.
      const kept = new Set(previous.map((r) => `${r.key.trim()}\u0000${r.environment.trim()}`));
      for (const row of rows) {
        const env = row.environment.trim();
        if (env !== ALL_ENVIRONMENTS && !envs.has(env) && !kept.has(`${row.key.trim()}\u0000${env}`)) throw badRequest(WS_MSG.testDataUnknownEnv);
      }
      version = entry?.oid ?? null;
      if (sameRows(previous, rows)) return [];
      const content = sealRows(rows, this.ctx.secrets);
      version = blobIdOf(content);
      return [{ path: TEST_DATA_FILE, content }];
    });
    return { rows: rows.length, version };
  }
}

/** Sealing is randomised, so an unchanged table is detected on the opened values (no empty commit). */
function sameRows(a: OpenedRow[], b: TestDataRow[]): boolean {
  const norm = (r: TestDataRow) => [r.key.trim(), r.value, r.DataType, r.environment.trim()].join('\u0000');
  return a.length === b.length && a.every((r, i) => !r.error && norm(r) === norm(b[i]));
}
