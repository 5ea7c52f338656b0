import { rootCauseText, type ReportStep, type RootCause } from '@stepwise/shared';
import type { SameCauseGroup } from './rca.repository.ts';

/** A test case's stored analysis as the reports show it, with the failures of the same cause. */

const NO_GROUPS: ReadonlyMap<string, SameCauseGroup> = new Map();

/** What a test case row holds of its analysis. */
export interface AnalysedCase {
  id: string;
  superseded: boolean;
  analysis: unknown;
  analysis_signature: string | null;
}

/** The analysis, when `analysis` is one (an object with a category and a summary; a plain text is not). */
export function rootCauseOf(tc: AnalysedCase, groups: ReadonlyMap<string, SameCauseGroup> = NO_GROUPS): RootCause | null {
  const a = tc.analysis as Record<string, unknown> | null;
  if (!a || typeof a !== 'object' || typeof a.category !== 'string' || typeof a.summary !== 'string') return null;
  const signature = tc.analysis_signature ?? (typeof a.signature === 'string' ? a.signature : '');
  return {
    category: a.category,
    summary: a.summary,
    evidence: Array.isArray(a.evidence) ? a.evidence.filter((e): e is string => typeof e === 'string') : [],
    suggestedAction: typeof a.suggestedAction === 'string' ? a.suggestedAction : '',
    signature,
    sameCause: sameCause(tc, signature, groups.get(signature)),
  };
}

/** The other failures of the group (the case itself left out): null when there is none. */
function sameCause(tc: AnalysedCase, signature: string, group: SameCauseGroup | undefined): RootCause['sameCause'] {
  if (!group) return null;
  const counted = !tc.superseded && tc.analysis_signature === signature;
  const count = group.count - (counted ? 1 : 0);
  const since = group.earliest.find((e) => e.id !== tc.id)?.publishTime;
  return count >= 1 && since ? { count, since } : null;
}

/** The steps with the failed one carrying the analysis as its AI reasoning. */
export function withRootCause<S extends ReportStep>(steps: S[], failedStep: number | null, rootCause: RootCause | null): S[] {
  if (!rootCause || failedStep === null || !steps[failedStep]) return steps;
  const step = steps[failedStep];
  const text = rootCauseText(rootCause);
  const reasoning = step.evaluation?.reasoning ? `${step.evaluation.reasoning}\n\n${text}` : text;
  const out = [...steps];
  out[failedStep] = { ...step, evaluation: { reasoning, rootCause } };
  return out;
}
