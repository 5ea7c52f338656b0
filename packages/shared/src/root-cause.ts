import { z } from 'zod';

/**
 * A failed test case's root-cause analysis as the reports show it: the failed step carries it as its
 * AI reasoning (`evaluation.rootCause`, with the same as text in `evaluation.reasoning`).
 */
export const RootCause = z.object({
  /** locator_changed, assertion_mismatch, timeout, navigation_error, application_error, environment_unreachable, test_data_missing, step_code_error. */
  category: z.string(),
  summary: z.string(),
  evidence: z.array(z.string()),
  suggestedAction: z.string(),
  /** Failures with the same signature had the same cause. */
  signature: z.string(),
  /** Other failures of the project with the same signature (at least one): how many, and the publish time (ISO 8601) of the earliest. */
  sameCause: z.object({ count: z.number(), since: z.string() }).nullable().optional(),
});
export type RootCause = z.infer<typeof RootCause>;

export const ROOT_CAUSE_LABELS: Readonly<Record<string, string>> = {
  locator_changed: 'Locator changed',
  assertion_mismatch: 'Assertion mismatch',
  timeout: 'Timeout',
  navigation_error: 'Navigation error',
  application_error: 'Application error',
  environment_unreachable: 'Environment unreachable',
  test_data_missing: 'Test data missing',
  step_code_error: 'Step code error',
};

export function rootCauseLabel(category: string): string {
  return ROOT_CAUSE_LABELS[category] ?? category.replaceAll('_', ' ');
}

const isoDay = (iso: string) => iso.slice(0, 10);

/** "Same cause as 3 other failures since 2025-03-01" (the date as `formatDate` writes it). */
export function sameCauseText(same: { count: number; since: string }, formatDate: (iso: string) => string = isoDay): string {
  return `Same cause as ${same.count} other failure${same.count === 1 ? '' : 's'} since ${formatDate(same.since)}`;
}

/** The analysis as plain text, one fact a line: what a step's `evaluation.reasoning` holds. */
export function rootCauseText(rc: RootCause): string {
  return [
    `${rootCauseLabel(rc.category)}: ${rc.summary}`,
    ...rc.evidence.map((e) => `- ${e}`),
    `Suggested action: ${rc.suggestedAction}`,
    ...(rc.sameCause ? [sameCauseText(rc.sameCause)] : []),
  ].join('\n');
}
