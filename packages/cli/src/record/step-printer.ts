import type { RecordedStep } from '@stepwise/shared';

/**
 * Says what changed in the recorded steps as the engine reports the whole list: `+` a new step,
 * `~` a step that changed (typing merged into one fill), `-` a step gone.
 */
export class StepPrinter {
  private shown = new Map<string, string>();
  private readonly say: (line: string) => void;

  constructor(say: (line: string) => void) {
    this.say = say;
  }

  update(steps: readonly RecordedStep[]): void {
    const next = new Map(steps.map((s) => [s.id, `${s.keyword} ${s.text}`]));
    for (const [id, line] of this.shown) if (!next.has(id)) this.say(`  - ${line}`);
    for (const [id, line] of next) {
      const before = this.shown.get(id);
      if (before === undefined) this.say(`  + ${line}`);
      else if (before !== line) this.say(`  ~ ${line}`);
    }
    this.shown = next;
  }
}
