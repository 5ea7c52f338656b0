import { ALL_ENVIRONMENTS, DEFAULT_BRANCH, MIN_SECRET_LENGTH, redactDeep, redactor as sharedRedactor, type Redact } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Project } from '../db/schema.ts';
import { readEnvironments, type Environment } from '../environments/environment-files.ts';
import { npmrcSecrets } from '../projects/npmrc.ts';
import { findProject } from '../projects/projects.repository.ts';
import { knownSecrets } from '../security/known-secrets.ts';
import type { ProjectRepo } from '../workspace/project-repo.ts';
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

export async function findEnvironment(repo: ProjectRepo, commit: string, name: string): Promise<Environment | null> {
  const envs = await readEnvironments(repo, commit);
  return envs.find((e) => e.name === name) ?? null;
}

/**
 * Test data of the environment (rows for '*' first, the environment's own rows override them), the
 * project's stored users and .npmrc, all opened.
 */
export async function openRunSecrets(ctx: AppContext, project: Project, repo: ProjectRepo, commit: string, envName: string): Promise<RunSecrets> {
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
  const { storedUsers, values } = await openStoredUsers(ctx, project.id);
  for (const v of values) redactions.add(v);
  const npmrc = project.npmrc ? (tryOpen(ctx, project.npmrc) ?? '') : '';
  for (const v of npmrcSecrets(npmrc)) redactions.add(v);

  const list = [...redactions].filter((s) => s.length >= MIN_SECRET_LENGTH);
  knownSecrets.add(list);
  return { testData, storedUsers, npmrc, redactions: list };
}

/**
 * Every secret value a project holds, for what is stored of its runs: the secret and TOTP test data
 * of every environment at `commit` and at the head of `branch` (main when it has no such branch),
 * its stored users' passwords and TOTP keys, its .npmrc credentials and its private repository's token.
 */
export async function openProjectSecrets(ctx: AppContext, projectId: string, at: { branch?: string | null; commit?: string | null } = {}): Promise<string[]> {
  const project = await findProject(ctx.db, projectId);
  if (!project) return [];
  const values = new Set<string>();
  if (await ctx.workspaces.exists(projectId)) {
    const repo = ctx.workspaces.repo(projectId);
    const head = (at.branch ? await repo.branchHead(at.branch) : null) ?? (await repo.branchHead(DEFAULT_BRANCH));
    const commits = new Set([at.commit && /^[0-9a-f]{40,64}$/.test(at.commit) ? at.commit : null, head].filter((c): c is string => !!c));
    for (const commit of commits) for (const v of await sealedTestData(ctx, repo, projectId, commit)) values.add(v);
  }
  for (const v of (await openStoredUsers(ctx, projectId)).values) values.add(v);
  if (project.npmrc) for (const v of npmrcSecrets(tryOpen(ctx, project.npmrc) ?? '')) values.add(v);
  if (project.private_repo_token_enc) {
    const token = tryOpen(ctx, project.private_repo_token_enc);
    if (token) values.add(token);
  }
  const list = [...values].filter((s) => s.length >= MIN_SECRET_LENGTH);
  knownSecrets.add(list);
  return list;
}

/** Opened secret and TOTP values of test data by project and commit (a commit's file never changes). */
const sealedAtCommit = new Map<string, string[]>();
const SEALED_CACHE_SIZE = 64;

async function sealedTestData(ctx: AppContext, repo: ProjectRepo, projectId: string, commit: string): Promise<string[]> {
  const key = `${projectId}:${commit}`;
  let values = sealedAtCommit.get(key);
  if (!values) {
    const content = await repo.readFile(commit, TEST_DATA_FILE).catch(() => null);
    values = openRows(content, ctx.secrets).filter((r) => isSealedType(r.DataType) && !r.error).map((r) => r.value);
    sealedAtCommit.set(key, values);
    if (sealedAtCommit.size > SEALED_CACHE_SIZE) sealedAtCommit.delete(sealedAtCommit.keys().next().value!);
  }
  return values;
}

async function openStoredUsers(ctx: AppContext, projectId: string): Promise<{ storedUsers: Record<string, StoredUserSecret>; values: string[] }> {
  const storedUsers: Record<string, StoredUserSecret> = {};
  const values: string[] = [];
  const users = await ctx.db.selectFrom('stored_users').selectAll().where('project_id', '=', projectId).execute();
  for (const u of users) {
    const password = tryOpen(ctx, u.password_enc);
    if (password === null) continue;
    const totpSecret = u.secret_key_enc ? tryOpen(ctx, u.secret_key_enc) : null;
    storedUsers[u.username] = { username: u.username, password, totpSecret };
    values.push(password);
    if (totpSecret) values.push(totpSecret);
  }
  return { storedUsers, values };
}

function tryOpen(ctx: AppContext, sealed: string): string | null {
  try {
    return ctx.secrets.decrypt(sealed);
  } catch {
    return null;
  }
}

/**
 * Replaces every secret in a text with '***', in its plain form and its encodings (base64 at any
 * alignment, URL, JSON, hex: see the shared redactor); `spans` and `reach` find one cut across two lines.
 */
export function redactor(secrets: readonly string[]): Redact {
  return sharedRedactor(secrets);
}

/**
 * The report with every secret replaced in all its texts: error messages and stacks, console lines,
 * URLs, aria snapshots. A step that printed a secret test-data value must not store it in the run.
 */
export function redactReport<T>(value: T, redact: (text: string) => string): T {
  return redactDeep(value, redact);
}
