import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  PAST_RESULTS_LIMIT,
  RUNS_MESSAGES,
  UPLOAD_URL_TTL_MINUTES,
  type DashboardDataDto,
  type MemoryResponse,
  type RunCountersResponse,
  type RunListBody,
  type RunListResponse,
  type RunReportDto,
  type TestCaseReportDto,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Run, RunComment, User } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { isValidBlobKey } from '../blobs/blob-store.ts';
import { attachmentKey } from './run-store.ts';
import { isSourceAttachmentId, sourceAttachment, sourceSteps } from './source-report.ts';
import { findRun, findTestCase, listRuns, listTestCasesWithPast, pastResults, runCounters } from './runs.repository.ts';
import { deleteCommentRow, findComment, insertComment, listRunComments, listTestCaseComments, updateCommentContent } from './comments.repository.ts';
import { presentComment, presentRunListRow, presentRunReport, presentTestCaseReport, presentTestCaseRow } from './runs.presenter.ts';
import { listMemoryEdges, listMemoryPages, listMemoryPageSteps } from './memory.repository.ts';
import { projectMetrics } from './dashboard.repository.ts';
import { sameCauseGroups } from '../ai/rca/rca.repository.ts';
import { safeContentType, safeFileName, signUploadGrant, UPLOAD_KEY_PURPOSE, UPLOAD_PATH_PREFIX } from './upload-url.ts';
import { Answer } from '../cache/answer.ts';

const DAY_MS = 86_400_000;
/** Screenshots are served only as images (never as a type a browser would run). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** The map shows at most this many pages, and this many steps per page or transition. */
export const MEMORY_MAX_PAGES = 300;
export const MEMORY_STEPS_PER_ITEM = 10;

export function displayName(user: User): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
}

function byKey<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k) ?? [];
    list.push(r);
    out.set(k, list);
  }
  return out;
}

/** startDate / endDate: an ISO instant, or a date (YYYY-MM-DD: its start, or for the end its last millisecond, UTC). */
export function parsePeriodBound(value: string, end: boolean): Date | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const numeric = /^\d{10,13}$/.test(value);
  const d = numeric ? new Date(Number(value) * (value.length <= 10 ? 1000 : 1)) : new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) return null;
  return dateOnly && end ? new Date(d.getTime() + DAY_MS - 1) : d;
}

export interface Screenshot {
  mediaType: string;
  size: number;
  stream: Readable;
}

/** The runs service (spec 002 section 7): every call is for members of the run's project. */
export class RunsService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext, body: RunListBody): Promise<RunListResponse['projectSummary']> {
    await requireMember(this.ctx.db, auth, body.projectId);
    return this.summary(body);
  }

  /**
   * The runs list's whole answer as JSON, from the server's cache when the project's runs have not
   * changed since it was made (its runs version, moved on every server by each stored, imported or
   * deleted run) and it is at most API_CACHE_TTL_SECONDS old (the `days` window moves on meanwhile).
   * It holds nothing of the caller: every member gets the same answer.
   */
  async listAnswer(auth: AuthContext, body: RunListBody): Promise<Answer> {
    await requireMember(this.ctx.db, auth, body.projectId);
    const { caches } = this.ctx;
    // The version is read before the database: an answer read while a run was stored goes under the old one.
    const key = `${body.projectId} ${caches.runsVersion(body.projectId)} ${JSON.stringify(body)}`;
    const made = async () => ({ projectId: body.projectId, answer: Answer.of({ status: 'success', projectSummary: await this.summary(body) }) });
    return (await caches.runsLists.load(key, made))!.answer;
  }

  private async summary(body: RunListBody): Promise<RunListResponse['projectSummary']> {
    const since = new Date(Date.now() - body.days * DAY_MS);
    const type = body.filterType === '' || body.filterType === 'all' ? null : body.filterType;
    const [{ rows, total }, counters] = await Promise.all([
      listRuns(
        this.ctx.db,
        { projectId: body.projectId, since, search: body.search, type, branch: body.filterBranch.trim() || null },
        { field: body.sortField, order: body.sortOrder },
        { offset: body.page * body.limit, limit: body.limit },
      ),
      runCounters(this.ctx.db, body.projectId, since),
    ]);
    return { reports: rows.map(presentRunListRow), stats: { pageCount: Math.ceil(total / body.limit), total, ...counters } };
  }

  async counters(auth: AuthContext, projectId: string, days: number): Promise<RunCountersResponse> {
    await requireMember(this.ctx.db, auth, projectId);
    return { status: 'success', ...(await runCounters(this.ctx.db, projectId, new Date(Date.now() - days * DAY_MS))) };
  }

  private async memberRun(auth: AuthContext, runId: string): Promise<Run> {
    const run = await findRun(this.ctx.db, runId);
    if (!run) throw notFound(RUNS_MESSAGES.runNotFound);
    await requireMember(this.ctx.db, auth, run.project_id);
    return run;
  }

  /** A run with its test cases (no steps), their comments, each scenario's last 5 earlier results and the failures of the same cause. */
  async getRun(auth: AuthContext, runId: string): Promise<RunReportDto> {
    const run = await this.memberRun(auth, runId);
    const [cases, comments, sameCause] = await Promise.all([
      listTestCasesWithPast(this.ctx.db, run, PAST_RESULTS_LIMIT),
      listRunComments(this.ctx.db, run.id),
      sameCauseGroups(this.ctx.db, run.project_id, { runId: run.id }),
    ]);
    const commentsOf = byKey(comments, (c) => c.test_case_id);
    return presentRunReport(
      run,
      cases.map((tc) => presentTestCaseRow(tc, commentsOf.get(tc.id) ?? [], tc.past ?? [], sameCause)),
    );
  }

  /** One test case of any run with its steps (get-testcase and scenarios/get: a scenario id is a test case id). */
  async getTestCase(auth: AuthContext, testCaseId: string): Promise<TestCaseReportDto> {
    const tc = await findTestCase(this.ctx.db, testCaseId);
    if (!tc) throw notFound(RUNS_MESSAGES.testCaseNotFound);
    await requireMember(this.ctx.db, auth, tc.project_id);
    const run = await findRun(this.ctx.db, tc.run_id);
    if (!run) throw notFound(RUNS_MESSAGES.testCaseNotFound);
    const [comments, past, sameCause] = await Promise.all([
      listTestCaseComments(this.ctx.db, tc.id),
      pastResults(this.ctx.db, run.project_id, tc.scenario_key, run.publish_time, run.id, PAST_RESULTS_LIMIT),
      sameCauseGroups(this.ctx.db, run.project_id, { signatures: tc.analysis_signature ? [tc.analysis_signature] : [] }),
    ]);
    const steps = run.source_key ? await sourceSteps(this.ctx, run, tc) : undefined;
    return presentTestCaseReport(run, steps ? { ...tc, steps } : tc, comments, past, sameCause);
  }

  /** A screenshot of a run: members of `projectId`; the key confines it to that project's blobs. */
  async runScreenshot(auth: AuthContext, projectId: string, runId: string, screenshotId: string): Promise<Screenshot> {
    await requireMember(this.ctx.db, auth, projectId);
    if (isSourceAttachmentId(screenshotId)) return this.sourceImage(projectId, runId, screenshotId);
    return this.image(attachmentKey(projectId, runId, screenshotId));
  }

  /** A screenshot of a test case (the scenario report): its run's blob; `projectId`, when given, must be the test case's project. */
  async testCaseScreenshot(auth: AuthContext, projectId: string | null, testCaseId: string, screenshotId: string): Promise<Screenshot> {
    if (projectId !== null) await requireMember(this.ctx.db, auth, projectId);
    const tc = await findTestCase(this.ctx.db, testCaseId);
    if (!tc || (projectId !== null && tc.project_id !== projectId)) throw notFound(RUNS_MESSAGES.screenshotNotFound);
    if (projectId === null) await requireMember(this.ctx.db, auth, tc.project_id);
    if (isSourceAttachmentId(screenshotId)) return this.sourceImage(tc.project_id, tc.run_id, screenshotId);
    return this.image(attachmentKey(tc.project_id, tc.run_id, screenshotId));
  }

  /** A screenshot kept in an imported run's stored report. */
  private async sourceImage(projectId: string, runId: string, screenshotId: string): Promise<Screenshot> {
    const run = await findRun(this.ctx.db, runId);
    const found = run && run.project_id === projectId ? await sourceAttachment(this.ctx, run, screenshotId) : null;
    const type = found?.mediaType.split(';')[0].trim().toLowerCase();
    if (!found || !type || !IMAGE_TYPES.has(type)) {
      found?.stream.destroy();
      throw notFound(RUNS_MESSAGES.screenshotNotFound);
    }
    return { mediaType: type, size: found.size, stream: found.stream };
  }

  private async image(key: string): Promise<Screenshot> {
    if (!isValidBlobKey(key)) throw notFound(RUNS_MESSAGES.screenshotNotFound);
    const blob = await this.ctx.blobs.get(key);
    if (!blob) throw notFound(RUNS_MESSAGES.screenshotNotFound);
    const type = blob.mediaType.split(';')[0].trim().toLowerCase();
    if (!IMAGE_TYPES.has(type)) {
      blob.stream.destroy();
      throw notFound(RUNS_MESSAGES.screenshotNotFound);
    }
    return { mediaType: type, size: blob.size, stream: blob.stream };
  }

  async memory(auth: AuthContext, projectId: string): Promise<MemoryResponse['memory']> {
    await requireMember(this.ctx.db, auth, projectId);
    const [pages, steps, edges] = await Promise.all([
      listMemoryPages(this.ctx.db, projectId, MEMORY_MAX_PAGES),
      listMemoryPageSteps(this.ctx.db, projectId, MEMORY_STEPS_PER_ITEM),
      listMemoryEdges(this.ctx.db, projectId, MEMORY_STEPS_PER_ITEM),
    ]);
    const stepsOf = byKey(steps, (s) => s.route);
    const shown = new Set(pages.map((p) => p.route));
    const edgeMap = new Map<string, MemoryResponse['memory']['edges'][number]>();
    for (const e of edges) {
      if (!shown.has(e.source_route) || !shown.has(e.target_route)) continue;
      const id = `${e.source_route} -> ${e.target_route}`;
      const edge = edgeMap.get(id) ?? { id, source: e.source_route, target: e.target_route, steps: [] };
      edge.steps.push({ text: e.step_text, count: e.count });
      edgeMap.set(id, edge);
    }
    return {
      nodes: pages.map((p) => ({
        id: p.route,
        title: p.title,
        route: p.route,
        url: p.url,
        ariaSnapshot: p.aria_snapshot,
        visits: p.visits,
        steps: (stepsOf.get(p.route) ?? []).map((s) => ({ text: s.step_text, count: s.count })),
      })),
      edges: [...edgeMap.values()],
    };
  }

  async metadata(auth: AuthContext, q: { projectId: string; startDate: string; endDate: string; tzOffsetMinutes: number }): Promise<DashboardDataDto> {
    await requireMember(this.ctx.db, auth, q.projectId);
    const start = parsePeriodBound(q.startDate, false);
    const end = parsePeriodBound(q.endDate, true);
    if (!start || !end || start > end || end.getTime() - start.getTime() > 3700 * DAY_MS) throw badRequest(RUNS_MESSAGES.invalidPeriod);
    const m = await projectMetrics(this.ctx.db, q.projectId, start, end, q.tzOffsetMinutes);
    return {
      status: 'success',
      // No better measure of changed scenarios yet: the scenarios first run in the period.
      mutatedScenariosCount: m.createdScenariosCount,
      createdScenariosCount: m.createdScenariosCount,
      aiRecoveryCount: m.aiRecoveryCount,
      rcaCount: m.rcaCount,
      totalExecutionTime: Math.round(m.executionTimeMs / 1000),
      passedExecutionsCount: m.passedExecutionsCount,
      failedExecutionsCount: m.failedExecutionsCount,
      scenariosRun: m.scenariosRun,
      series: m.series.map((s) => ({ date: s.date, passed: s.passed, failed: s.failed, executionTime: Math.round(s.executionTimeMs / 1000) })),
    };
  }

  // Comments ---------------------------------------------------------------------------------------

  async addComment(auth: AuthContext, body: { testCaseId: string; runId: string; content: string }) {
    const tc = await findTestCase(this.ctx.db, body.testCaseId);
    if (!tc || tc.run_id !== body.runId) throw notFound(RUNS_MESSAGES.testCaseNotFound);
    await requireMember(this.ctx.db, auth, tc.project_id);
    const row = await insertComment(this.ctx.db, {
      id: randomUUID(),
      project_id: tc.project_id,
      run_id: tc.run_id,
      test_case_id: tc.id,
      type: 'scenario',
      user_id: auth.user.id,
      // The author's name as the server knows it, whatever the client sent.
      username: displayName(auth.user),
      content: body.content,
    });
    return presentComment(row);
  }

  /** The comment, if the caller may change it: its author, or an admin of its project. */
  private async ownComment(auth: AuthContext, id: string): Promise<RunComment> {
    const comment = await findComment(this.ctx.db, id);
    if (!comment) throw notFound(RUNS_MESSAGES.commentNotFound);
    const access = await requireMember(this.ctx.db, auth, comment.project_id);
    if (comment.user_id !== auth.user.id && !access.isAdmin) throw forbidden(RUNS_MESSAGES.commentNotYours);
    return comment;
  }

  async updateComment(auth: AuthContext, id: string, content: string) {
    await this.ownComment(auth, id);
    const row = await updateCommentContent(this.ctx.db, id, content);
    if (!row) throw notFound(RUNS_MESSAGES.commentNotFound);
    return presentComment(row);
  }

  async deleteComment(auth: AuthContext, id: string): Promise<void> {
    await this.ownComment(auth, id);
    await deleteCommentRow(this.ctx.db, id);
  }

  // Upload URLs ------------------------------------------------------------------------------------

  async uploadUrl(auth: AuthContext, body: { projectId: string; fileName: string; contentType?: string }) {
    await requireMember(this.ctx.db, auth, body.projectId);
    const uploadId = randomUUID();
    const expiresAt = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_MINUTES * 60;
    const token = signUploadGrant(this.ctx.secrets.deriveKey(UPLOAD_KEY_PURPOSE), {
      projectId: body.projectId,
      uploadId,
      fileName: safeFileName(body.fileName),
      contentType: safeContentType(body.contentType),
      userId: auth.user.id,
      expiresAt,
    });
    return { url: `${UPLOAD_PATH_PREFIX}${token}`, expiresAt: new Date(expiresAt * 1000).toISOString(), uploadId };
  }
}
