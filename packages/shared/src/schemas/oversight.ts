import { z } from 'zod';

/** Code Review (the spec's AI oversight): code fixes AI recovery made during runs. */

export const OVERSIGHT_MESSAGES = {
  discardFailed: 'Failed to discard code fixes',
  acceptFailed: 'Failed to accept code fix',
  accepted: 'Code fix accepted successfully',
  discarded: (n: number) => `${n} code fix${n === 1 ? '' : 'es'} discarded`,
  notFound: 'This code fix does not exist or was already reviewed',
  codeChanged: "The step's code changed since the fix was made: run the scenario again for a new fix",
  fileMissing: 'The step file of this fix is no longer on the branch',
} as const;

/** The sidebar badge shows at most this, then "99+". */
export const OVERSIGHT_BADGE_CAP = 99;
export const oversightBadge = (n: number) => (n > OVERSIGHT_BADGE_CAP ? `${OVERSIGHT_BADGE_CAP}+` : String(n));

export const OversightListQuery = z.object({ project_id: z.string().min(1).max(64) });
export const ArchiveOversightBody = z.object({ project_id: z.string().min(1).max(64), scenario_ids: z.array(z.string().min(1).max(64)).min(1).max(1000) });
export const AcceptOversightBody = z.object({
  project_id: z.string().min(1).max(64),
  scenario_id: z.string().min(1).max(64),
  step_def_file_name: z.string().min(1).max(500),
  branch: z.string().min(1).max(200),
  isPrivateRepo: z.boolean().optional(),
});

/** One code fix as the list gives it (the spec's fields: _id, createdAt, report.testCases[0].scenarioName and featureName). */
export interface OversightItem {
  _id: string;
  createdAt: string;
  report: { testCases: Array<{ scenarioName: string; featureName: string }> };
  runId: string;
  testCaseId: string | null;
  branch: string;
  featurePath: string;
  stepText: string;
  stepDefFileName: string;
  originalCode: string;
  fixedCode: string;
  reasoning: string;
}

export interface OversightListResponse {
  status: 'success';
  result: OversightItem[];
  /** Open fixes of the project (the list holds the newest OVERSIGHT_LIST_LIMIT). */
  total: number;
}

export const OVERSIGHT_LIST_LIMIT = 500;
