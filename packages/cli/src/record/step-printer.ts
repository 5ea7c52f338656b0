import type { RecordedStep } from '@stepwise/shared';

/**
 * Says what changed in the recorded steps as the engine reports the whole list: `+` a new step,
 * `~` a step that changed, `-` a step gone. Changes are said once the list has been still for a
 * moment, so that typing (one update a key) is one line with the final text.
 */
export class StepPrinter {
  private shown = new Map<string, string>();
  private latest: readonly RecordedStep[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly say: (line: string) => void;
  private readonly quietMs: number;

  constructor(say: (line: string) => void, quietMs = 400) {
    this.say = say;
    this.quietMs = quietMs;
  }

  update(steps: readonly RecordedStep[]): void {
    this.latest = steps;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.quietMs);
  }

  /** Says what is pending now (at the end of a recording). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = new Map(this.latest.map((s) => [s.id, `${s.keyword} ${s.text}`]));
    for (const [id, line] of this.shown) if (!next.has(id)) this.say(`  - ${line}`);
    for (const [id, line] of next) {
      const before = this.shown.get(id);
      if (before === undefined) this.say(`  + ${line}`);
      else if (before !== line) this.say(`  ~ ${line}`);
    }
    this.shown = next;
  }
}
