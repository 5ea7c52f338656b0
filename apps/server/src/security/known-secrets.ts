import { MIN_SECRET_LENGTH, redactor, type Redact } from '@stepwise/shared';

/** A value is forgotten this long after it was last opened. */
const KEEP_MS = 24 * 3600_000;
/** The most values kept; the least recently opened go first. */
const MAX_KNOWN = 5000;
const PRUNE_EVERY_MS = 60_000;

/**
 * Secret values the server opened lately (a run's test data, stored users' passwords, .npmrc
 * credentials, a private repository's token): the logger keeps them out of every line it writes,
 * whatever error message or object carries them.
 */
export class KnownSecrets {
  /** Value -> when it was last opened; in that order (oldest first). */
  private readonly opened = new Map<string, number>();
  private current: Redact | null = null;
  private prunedAt = Date.now();

  get size(): number {
    return this.opened.size;
  }

  add(values: Iterable<string>, now = Date.now()): void {
    for (const value of values) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) continue;
      if (!this.opened.delete(value)) this.current = null;
      this.opened.set(value, now);
    }
    for (const value of this.opened.keys()) {
      if (this.opened.size <= MAX_KNOWN) break;
      this.opened.delete(value);
      this.current = null;
    }
  }

  redact(text: string, now = Date.now()): string {
    if (this.opened.size === 0) return text;
    if (now - this.prunedAt > PRUNE_EVERY_MS) this.prune(now);
    this.current ??= redactor(this.opened.keys());
    return this.current(text);
  }

  private prune(now: number): void {
    this.prunedAt = now;
    for (const [value, at] of this.opened) {
      if (now - at < KEEP_MS) break;
      this.opened.delete(value);
      this.current = null;
    }
  }
}

/** The server's one list (the logger reads it; openers add to it). */
export const knownSecrets = new KnownSecrets();
