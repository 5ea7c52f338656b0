/** One step to generate code for: its keyword as written and its text. */
export interface StepTarget {
  keyword: string;
  text: string;
}

/** The scenario's steps without code (each text once, in order), or null while the step index loads. */
export function stepsWithoutCode(steps: readonly StepTarget[], index: ReadonlyMap<string, { implemented: boolean }> | undefined): StepTarget[] | null {
  if (!index) return null;
  const seen = new Set<string>();
  return steps.filter((s) => {
    if (index.get(s.text)?.implemented || seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}
