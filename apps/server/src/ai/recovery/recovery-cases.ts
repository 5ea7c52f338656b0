import { randomUUID } from 'node:crypto';
import { AI_RECOVERY_COMMAND } from '@stepwise/runner';
import type { Command, ReportStep, TestCaseResult } from '@stepwise/shared';

/**
 * A test case whose steps AI recovery touched is stored as the report model has AI retrains: the
 * original (failed at the first recovered step, later steps skipped, `retrainStats` saying fixed or
 * failed and naming the code fix) and the AI's run as its rerun (the test case as it went on, the
 * recovered steps carrying the AI's reasoning). Each fixed step becomes a code fix for Code Review.
 */

export interface RecoveryInfo {
  status: 'fixed' | 'failed';
  stepText: string;
  error: string;
  originalCode: string;
  fixedCode?: string;
  replacements?: unknown[];
}

export interface CodeFixDraft {
  id: string;
  /** The AI run's test case (report id). */
  testCaseId: string;
  scenarioName: string;
  featureName: string;
  featurePath: string;
  stepText: string;
  stepFile: string;
  originalCode: string;
  fixedCode: string;
  reasoning: string;
  replacements: unknown[];
}

function recoveryOf(step: ReportStep): { command: Command; info: RecoveryInfo } | null {
  const command = step.commands.find((c) => c.type === AI_RECOVERY_COMMAND);
  const info = command?.info as Partial<RecoveryInfo> | undefined;
  if (!command || !info || (info.status !== 'fixed' && info.status !== 'failed') || typeof info.originalCode !== 'string') return null;
  return { command, info: info as RecoveryInfo };
}

/** Workspace step file of a definition reference "steps/cart.mjs:12"; null for the step library or none. */
export function stepFileOf(match: string | null | undefined): string | null {
  const file = match?.replace(/:\d+$/, '') ?? '';
  return /^steps\/.+\.m?js$/.test(file) && !file.split('/').includes('..') ? file : null;
}

export function splitRecoveries(testCases: readonly TestCaseResult[]): { testCases: TestCaseResult[]; fixes: CodeFixDraft[] } {
  if (!testCases.some((tc) => tc.steps.some((s) => s.commands.some((c) => c.type === AI_RECOVERY_COMMAND)))) return { testCases: [...testCases], fixes: [] };
  const out: TestCaseResult[] = [];
  const fixes: CodeFixDraft[] = [];
  for (const tc of testCases) {
    const first = tc.steps.findIndex((s) => recoveryOf(s));
    if (first < 0) {
      out.push(tc);
      continue;
    }
    const caseFixes: CodeFixDraft[] = [];
    const steps = tc.steps.map((step) => {
      const r = recoveryOf(step);
      if (!r) return step;
      const file = stepFileOf(step.match);
      if (r.info.status === 'fixed' && file && r.info.fixedCode && r.info.fixedCode !== r.info.originalCode) {
        caseFixes.push({
          id: randomUUID(),
          testCaseId: tc.id,
          scenarioName: tc.scenarioName,
          featureName: tc.featureName,
          featurePath: tc.featurePath,
          stepText: r.info.stepText || step.text,
          stepFile: file,
          originalCode: r.info.originalCode,
          fixedCode: r.info.fixedCode,
          reasoning: r.command.reasoning ?? '',
          replacements: r.info.replacements ?? [],
        });
      }
      return { ...step, evaluation: { ...step.evaluation, reasoning: r.command.reasoning ?? r.command.text } };
    });
    const failedAt = tc.steps[first];
    const firstInfo = recoveryOf(failedAt)!.info;
    const fixed = tc.steps.every((s) => recoveryOf(s)?.info.status !== 'failed') && tc.result.status === 'PASSED';
    const parentId = `${tc.id}~before-ai`;
    const retrainStats = { result: fixed ? 'fixed' : 'failed', upload_id: caseFixes[0]?.id ?? null };
    const original: TestCaseResult = {
      ...tc,
      id: parentId,
      steps: tc.steps.map((s, i) =>
        i < first ? s : i === first
          ? { ...s, commands: s.commands.filter((c) => c.type !== AI_RECOVERY_COMMAND), result: { ...s.result, status: 'FAILED', message: firstInfo.error } }
          : { ...s, commands: [], networkData: [], webLog: [], screenshotId: null, page: null, attachments: undefined, result: { status: 'SKIPPED', startTime: null, endTime: null, message: null } },
      ),
      result: { ...tc.result, status: 'FAILED', message: firstInfo.error, endTime: failedAt.result.endTime ?? tc.result.endTime },
      failedStep: first,
      retrainStats,
    };
    // The AI's run carries the outcome too: it is the counted one (dashboard's aiRecoveryCount).
    out.push(original, { ...tc, steps, rerunId: parentId, retrainStats });
    fixes.push(...caseFixes);
  }
  return { testCases: out, fixes };
}
