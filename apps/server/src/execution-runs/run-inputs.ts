import { ALL_ENVIRONMENTS } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Project } from '../db/schema.ts';
import { readEnvironments, type Environment } from '../environments/environment-files.ts';
import type { GitRepo } from '../workspace/git-repo.ts';
import { isSealedType, openRows, TEST_DATA_FILE } from '../test-data/test-data-file.ts';

export interface StoredUserSecret {
  username: string;
  password: string;
  totpSecret: string | null;
}

/** What a run needs besides its files: opened only here, handed to the runner, never logged. */
export interface RunSecrets {
  testData: Record<string, string>;
  storedUsers: Record<string, StoredUserSecret>;
  npmrc: string;
  /** Every secret value, to redact from log lines. */
  redactions: string[];
}

export async function findEnvironment(repo: GitRepo, commit: string, name: string): Promise<Environment | null> {
  const envs = await readEnvironments(repo, commit);
  return envs.find((e) => e.name === name) ?? null;
}

/**
 * Test data of the environment (rows for '*' first, the environment's own rows override them), the
 * project's stored users and .npmrc, all opened.
 */
export async function openRunSecrets(ctx: AppContext, project: Project, repo: GitRepo, commit: string, envName: string): Promise<RunSecrets> {
  const redactions = new Set<string>();
  const testData: Record<string, string> = {};
  const rows = openRows(await repo.readFile(commit, TEST_DATA_FILE), ctx.secrets);
  for (const pass of [ALL_ENVIRONMENTS, envName]) {
    for (const row of rows) {
      if (row.environment.trim() !== pass || !row.key.trim() || row.error) continue;
      testData[row.key.trim()] = row.value;
      if (isSealedType(row.DataType)) redactions.add(row.value);
    }
  }

  const storedUsers: Record<string, StoredUserSecret> = {};
  const users = await ctx.db.selectFrom('stored_users').selectAll().where('project_id', '=', project.id).execute();
  for (const u of users) {
    const password = tryOpen(ctx, u.password_enc);
    if (password === null) continue;
    const totpSecret = u.secret_key_enc ? tryOpen(ctx, u.secret_key_enc) : null;
    storedUsers[u.username] = { username: u.username, password, totpSecret };
    redactions.add(password);
    if (totpSecret) redactions.add(totpSecret);
  }

  const npmrc = project.npmrc ? (tryOpen(ctx, project.npmrc) ?? '') : '';
  for (const m of npmrc.matchAll(/(?:_authToken|_auth|_password|password|token)\s*=\s*"?([^\s"]+)"?/gi)) redactions.add(m[1]);

  return { testData, storedUsers, npmrc, redactions: [...redactions].filter((s) => s.length >= 3) };
}

function tryOpen(ctx: AppContext, sealed: string): string | null {
  try {
    return ctx.secrets.decrypt(sealed);
  } catch {
    return null;
  }
}

/** Replaces every secret in `text` with '***' (longest first, so a secret inside another is not half shown). */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const sorted = [...new Set(secrets)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const s of sorted) out = out.split(s).join('***');
    return out;
  };
}

/**
 * The report with every secret replaced in all its texts: error messages and stacks, console lines,
 * URLs, aria snapshots. A step that printed a secret test-data value must not store it in the run.
 */
export function redactReport<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactReport(v, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactReport(v, redact)])) as T;
  }
  return value;
}
