import { isValidEmail, normaliseEmail, resolveValueMetrics, VALUE_METRIC_FIELDS, VALUE_METRIC_MAX, type ValueMetrics } from '@stepwise/shared';

/** The "Personalize value metrics" form (spec 4.13): texts as typed, checked before Apply. */
export type MetricField = keyof ValueMetrics;
export const EMAILS_FIELD = 'weeklyEmailUpdatesTo';

export interface PersonalizationForm {
  values: Record<MetricField, string>;
  emails: string;
}

export const METRIC_INPUTS: ReadonlyArray<{ field: MetricField; label: string; unit: string }> = [
  { field: 'hourlyRateForTestEngineer', label: 'Hourly rate of a test engineer', unit: '$ / h' },
  { field: 'avgTimeToAutomateScenario', label: 'Average time to automate a scenario', unit: 'hours' },
  { field: 'avgTimeToAutomateScenarioUsingStepwiseIO', label: 'Average time to automate a scenario with Stepwise', unit: 'hours' },
  { field: 'avgTimeToMaintainScenario', label: 'Average time to maintain a scenario', unit: 'hours' },
  { field: 'avgTimeToAnalyzeFailedScenario', label: 'Average time to analyze a failed scenario', unit: 'hours' },
];

export const NUMBER_MESSAGE = 'Enter a number with at most 2 decimals, such as 12.5';
export const RANGE_MESSAGE = `Enter a number from 0 to ${VALUE_METRIC_MAX.toLocaleString('en-US')}`;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** Error of one number text, or null: digits with up to 2 decimals, from 0 to the maximum. */
export function numberError(text: string): string | null {
  const t = text.trim();
  if (!TWO_DECIMALS.test(t)) return NUMBER_MESSAGE;
  return Number(t) <= VALUE_METRIC_MAX ? null : RANGE_MESSAGE;
}

/** Addresses separated by commas, semicolons or spaces, lower-cased, each once. */
export function splitEmailList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = normaliseEmail(part);
    if (email && !out.includes(email)) out.push(email);
  }
  return out;
}

/** Error of the recipients text, or null (empty is fine: no weekly email). */
export function emailsError(text: string): string | null {
  const bad = splitEmailList(text).filter((e) => !isValidEmail(e));
  if (bad.length === 0) return null;
  return bad.length === 1 ? `"${bad[0]}" is not a valid email address` : `Not valid email addresses: ${bad.join(', ')}`;
}

function emailsText(value: unknown): string {
  if (Array.isArray(value)) return splitEmailList(value.filter((v) => typeof v === 'string').join(',')).join(', ');
  return typeof value === 'string' ? splitEmailList(value).join(', ') : '';
}

/** The form as the saved personalization (or the defaults) fills it. */
export function formFrom(info: Readonly<Record<string, unknown>> | null | undefined): PersonalizationForm {
  const metrics = resolveValueMetrics(info);
  const values = {} as Record<MetricField, string>;
  for (const field of VALUE_METRIC_FIELDS) values[field] = String(metrics[field]);
  return { values, emails: emailsText(info?.[EMAILS_FIELD]) };
}

export type FormErrors = Partial<Record<MetricField | typeof EMAILS_FIELD, string>>;

export function formErrors(form: PersonalizationForm): FormErrors {
  const errors: FormErrors = {};
  for (const field of VALUE_METRIC_FIELDS) {
    const e = numberError(form.values[field]);
    if (e) errors[field] = e;
  }
  const e = emailsError(form.emails);
  if (e) errors[EMAILS_FIELD] = e;
  return errors;
}

/** Changed when a number's value (not its spelling: 4 and 4.00 are the same) or the recipient list differs. */
export function formChanged(initial: PersonalizationForm, form: PersonalizationForm): boolean {
  for (const field of VALUE_METRIC_FIELDS) {
    const a = initial.values[field].trim();
    const b = form.values[field].trim();
    if (a !== b && !(TWO_DECIMALS.test(b) && Number(a) === Number(b))) return true;
  }
  return splitEmailList(initial.emails).join(',') !== splitEmailList(form.emails).join(',');
}

/** dashboardPersonalizationInfo of POST auth/updateDashboardPersonalizationInfo; other saved keys are kept. */
export function toPersonalizationInfo(form: PersonalizationForm, saved: Readonly<Record<string, unknown>> | null | undefined): Record<string, number | string | boolean | null> {
  const out: Record<string, number | string | boolean | null> = {};
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value === null || ['number', 'string', 'boolean'].includes(typeof value)) out[key] = value as number | string | boolean | null;
  }
  for (const field of VALUE_METRIC_FIELDS) out[field] = Number(form.values[field].trim());
  out[EMAILS_FIELD] = splitEmailList(form.emails).join(', ');
  return out;
}
