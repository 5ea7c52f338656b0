import { ALL_ENVIRONMENTS, testDataRowError, WS_MSG, type TestDataRow } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { readEnvironments } from '../environments/environment-files.ts';
import { assertWritable, branchHead, commitChange } from '../environments/workspace-io.ts';
import { openRows, sealRows, TEST_DATA_FILE, type OpenedRow } from './test-data-file.ts';

/** The test data table of a branch (data/test-data.json); secret and totp values never reach Git in clear. */
export class TestDataService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async get(auth: AuthContext, projectId: string, branch: string): Promise<OpenedRow[]> {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    return openRows(await repo.readFile(head, TEST_DATA_FILE), this.ctx.secrets);
  }

  /** Replaces the whole table after checking every row; one commit. */
  async replace(auth: AuthContext, projectId: string, branch: string, rows: TestDataRow[]): Promise<number> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    rows.forEach((row, i) => {
      const error = testDataRowError(row, rows.filter((_, j) => j !== i));
      if (error) throw badRequest(error);
    });
    await commitChange(this.ctx, projectId, branch, auth.user, `update test data (${rows.length} rows)`, async (repo, head) => {
      const envs = new Set((await readEnvironments(repo, head)).map((e) => e.name));
      const previous = openRows(await repo.readFile(head, TEST_DATA_FILE), this.ctx.secrets);
      // Rows left behind by a deleted or renamed environment may stay as they were; new ones may not.
      const kept = new Set(previous.map((r) => `${r.key.trim()}\u0000${r.environment.trim()}`));
      for (const row of rows) {
        const env = row.environment.trim();
        if (env !== ALL_ENVIRONMENTS && !envs.has(env) && !kept.has(`${row.key.trim()}\u0000${env}`)) throw badRequest(WS_MSG.testDataUnknownEnv);
      }
      if (sameRows(previous, rows)) return [];
      return [{ path: TEST_DATA_FILE, content: sealRows(rows, this.ctx.secrets) }];
    });
    return rows.length;
  }
}

/** Sealing is randomised, so an unchanged table is detected on the opened values (no empty commit). */
function sameRows(a: OpenedRow[], b: TestDataRow[]): boolean {
  const norm = (r: TestDataRow) => [r.key.trim(), r.value, r.DataType, r.environment.trim()].join('\u0000');
  return a.length === b.length && a.every((r, i) => !r.error && norm(r) === norm(b[i]));
}
