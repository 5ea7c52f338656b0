import { identifierFrom, uniqueNames } from './step-expression.ts';
import type { Slot } from './step-sentence.ts';

const DEFAULTS: Record<Slot['type'], string> = { string: 'text', int: 'count', float: 'amount' };
/** Marks a parameter in code until every parameter has its final name; never produced by jsString. */
const MARK = '\u0001';

/**
 * Names of the step function's parameters, one per slot in the order of the text. Code is written
 * with a token per slot while the names are still being learnt from the page ("Email" -> email).
 */
export class ParamNames {
  private readonly hints = new Map<Slot, string>();
  private readonly slots: Slot[];

  constructor(slots: Slot[]) {
    this.slots = slots;
  }

  /** The token that stands for the slot's parameter in code; the first hint given names it. */
  token(slot: Slot, hint?: string | string[]): string {
    if (hint && !this.hints.has(slot)) {
      const words = Array.isArray(hint) ? hint : [hint];
      this.hints.set(slot, identifierFrom(words, DEFAULTS[slot.type]));
    }
    return `${MARK}${this.slots.indexOf(slot)}${MARK}`;
  }

  names(): string[] {
    return uniqueNames(this.slots.map((s) => this.hints.get(s) ?? DEFAULTS[s.type]));
  }

  /** The code with each token replaced by its parameter's name. */
  apply(code: string): string {
    const names = this.names();
    return code.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, i: string) => names[Number(i)]);
  }
}
