import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import type { Envelope } from '@cucumber/messages';
import { messagesToReport } from '@stepwise/runner';
import type { ReportStep, RunReport, TestCaseResult } from '@stepwise/shared';
import type { RunAttachment } from '../runs/run-store.ts';

/** What one runner job (one scenario group) left: its NDJSON messages and exit code. */
export interface GroupOutput {
  messagesFile: string;
  exitCode: number;
  browser: string;
  /** Viewport label ("Desktop - 1024px"). */
  viewport: string;
  /** For messages: "Scenario Group 1 (flow 1)". */
  label: string;
}

export interface AssembleMeta {
  name: string;
  username: string | null;
  env: { name: string; baseUrl: string | null };
  branch: string;
  /** The run was halted: test cases that had not finished are left out (what finished is stored). */
  halted?: boolean;
}

/**
 * One report of the whole instance: each group's messages become a report (the runner's
 * messagesToReport), whose test cases, errors and attachments are put together in group order.
 * Attachment and test case ids are prefixed with the group's index, so that they stay unique.
 */
export async function assembleReport(outputs: readonly GroupOutput[], meta: AssembleMeta): Promise<{ report: RunReport; attachments: RunAttachment[] }> {
  const testCases: TestCaseResult[] = [];
  const errors: string[] = [];
  const attachments: RunAttachment[] = [];
  let startTime: string | null = null;
  let endTime: string | null = null;
  let success = outputs.length > 0;
  let implementation: RunReport['meta'] = null;

  for (const [i, out] of outputs.entries()) {
    const prefix = `g${i}-`;
    if (!(await exists(out.messagesFile))) {
      errors.push(`${out.label}: the runner left no results (exit code ${out.exitCode})`);
      success = false;
      continue;
    }
    const { report, attachments: blobs } = await messagesToReport(readEnvelopes(out.messagesFile), {
      name: meta.name,
      mode: 'executions',
      username: meta.username,
      env: meta.env,
      branch: meta.branch,
      browser: out.browser,
      viewport: out.viewport,
    });
    for (const [id, blob] of blobs) attachments.push({ id: prefix + id, mediaType: blob.mediaType, data: blob.body });
    for (const tc of report.testCases) {
      if (meta.halted && !tc.result.endTime) continue;
      testCases.push(renumber(tc, prefix, out));
    }
    errors.push(...report.errors.map((e) => (outputs.length > 1 ? `${out.label}: ${e}` : e)));
    if (out.exitCode !== 0 && out.exitCode !== 1 && !meta.halted) errors.push(`${out.label}: the runner failed (exit code ${out.exitCode})`);
    success &&= report.success;
    implementation ??= report.meta;
    if (report.startTime && (!startTime || report.startTime < startTime)) startTime = report.startTime;
    if (report.endTime && (!endTime || report.endTime > endTime)) endTime = report.endTime;
  }
  // Only attachments that a stored test case still refers to.
  const used = new Set<string>();
  for (const tc of testCases) for (const s of tc.steps) for (const id of stepBlobIds(s)) used.add(id);
  return {
    report: {
      name: meta.name,
      mode: 'executions',
      username: meta.username,
      env: meta.env,
      branch: meta.branch,
      startTime,
      endTime,
      success: success && errors.length === 0,
      testCases,
      errors,
      meta: implementation,
    },
    attachments: attachments.filter((a) => used.has(a.id)),
  };
}

function renumber(tc: TestCaseResult, prefix: string, out: GroupOutput): TestCaseResult {
  const id = (x: string | null | undefined) => (x ? prefix + x : x);
  return {
    ...tc,
    id: prefix + tc.id,
    rerunId: id(tc.rerunId) ?? null,
    browser: tc.browser ?? out.browser,
    viewport: tc.viewport ?? out.viewport,
    steps: tc.steps.map((s) => ({
      ...s,
      screenshotId: id(s.screenshotId) ?? null,
      commands: s.commands.map((c) => (c.screenshotId ? { ...c, screenshotId: prefix + c.screenshotId } : c)),
      ...(s.attachments ? { attachments: s.attachments.map((a) => ({ ...a, id: prefix + a.id })) } : {}),
    })),
  };
}

function stepBlobIds(s: ReportStep): string[] {
  const ids: string[] = [];
  if (s.screenshotId) ids.push(s.screenshotId);
  for (const c of s.commands) if (c.screenshotId) ids.push(c.screenshotId);
  for (const a of s.attachments ?? []) ids.push(a.id);
  return ids;
}

/** Envelopes of an NDJSON file; a line that does not parse (cut off when the runner was killed) is skipped. */
async function* readEnvelopes(file: string): AsyncGenerator<Envelope> {
  const lines = readline.createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as Envelope;
    } catch {
      // A partial last line.
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
