import type { RecordedStep } from '@stepwise/shared';

/** What the user changed in the recorded list, by step id: the list itself keeps arriving whole from the session. */
export type StepEdits = Readonly<Record<string, { text?: string; deleted?: true }>>;

/** The recorded steps as the user sees them: deleted ones left out, edited texts applied. */
export function applyEdits(steps: readonly RecordedStep[], edits: StepEdits): RecordedStep[] {
  const out: RecordedStep[] = [];
  for (const step of steps) {
    const edit = edits[step.id];
    if (edit?.deleted) continue;
    out.push(edit?.text !== undefined ? { ...step, text: edit.text } : step);
  }
  return out;
}

/** A new text for a step; the recorded text again (or an empty one) drops the edit. */
export function editText(edits: StepEdits, step: RecordedStep, recordedText: string, text: string): StepEdits {
  const next = { ...edits };
  const trimmed = text.trim();
  if (!trimmed || trimmed === recordedText) {
    const { text: _dropped, ...rest } = next[step.id] ?? {};
    if (Object.keys(rest).length) next[step.id] = rest;
    else delete next[step.id];
  } else {
    next[step.id] = { ...next[step.id], text: trimmed };
  }
  return next;
}

export function deleteStep(edits: StepEdits, id: string): StepEdits {
  return { ...edits, [id]: { deleted: true } };
}

/** A short description of a step's action: `click · getByRole('button', { name: 'Buy' })`. */
export function actionSummary(step: RecordedStep): string {
  const a = step.action;
  switch (a.name) {
    case 'navigate':
      return `navigate · ${a.url}`;
    case 'assertText':
      return `assert text · ${a.text}`;
    case 'assertUrl':
      return `assert URL · ${a.url}`;
    case 'press':
      return a.locator ? `press ${a.key} · ${a.locator}` : `press ${a.key}`;
    case 'fill':
      return `fill · ${a.locator}`;
    case 'select':
      return `select · ${a.locator}`;
    case 'upload':
      return `upload · ${a.locator}`;
    case 'assertVisible':
      return `assert visible · ${a.locator}`;
    default:
      return `${a.name} · ${a.locator}`;
  }
}
