import { REDACTED, type Redact } from '@stepwise/shared';

const STDERR = '[stderr] ';
/** The most characters of earlier lines read with a new one (a secret longer than this is found in one line only). */
const MAX_WINDOW = 4096;

/** A line of the log as it came, where it is in the log, and the parts of it that hold a secret's piece. */
interface RawLine {
  text: string;
  prefix: string;
  index: number;
  masks: Array<[number, number]>;
}

/** A line of the log, and the earlier lines that changed with it (a secret's first pieces). */
export interface PlacedLine {
  line: string;
  changed: Array<{ index: number; line: string }>;
}

/**
 * Secrets printed in pieces: each line of a stream (the runner's stdout, its stderr) is read with the
 * lines of that stream just before it, so that a secret (in any of its forms) cut across lines is
 * found where its pieces meet: two prints of half a secret, a line longer than the log takes cut in
 * two, base64 wrapped over lines. Each piece is masked, in the new line and in the earlier ones.
 * Only the last lines, as long together as a secret's longest form, are kept.
 */
export class SplitSecrets {
  private readonly redact: Redact;
  private readonly recent = new Map<string, RawLine[]>();

  constructor(redact: Redact) {
    this.redact = redact;
  }

  /** The log line of `text` (put at `index`), secrets redacted, and the earlier lines it changed. */
  place(text: string, index: number): PlacedLine {
    const prefix = text.startsWith(STDERR) ? STDERR : '';
    const current: RawLine = { text: text.slice(prefix.length), prefix, index, masks: [] };
    const { spans } = this.redact;
    const reach = Math.min(this.redact.reach ?? 0, MAX_WINDOW);
    if (!spans || !reach) return { line: this.render(current), changed: [] };

    const recent = this.recent.get(prefix) ?? [];
    const changed = new Set<RawLine>();
    if (recent.length) {
      const start = recent.reduce((n, r) => n + r.text.length, 0);
      const joined = recent.map((r) => r.text).join('') + current.text;
      for (const [s, e] of spans(joined)) {
        if (s >= start || e <= start) continue;
        current.masks.push([0, e - start]);
        let at = 0;
        for (const r of recent) {
          const [from, to] = [Math.max(s, at), Math.min(e, at + r.text.length)];
          if (from < to) {
            r.masks.push([from - at, to - at]);
            changed.add(r);
          }
          at += r.text.length;
        }
      }
    }
    recent.push(current);
    let kept = recent.reduce((n, r) => n + r.text.length, 0);
    while (recent.length > 1 && kept - recent[0].text.length >= reach) kept -= recent.shift()!.text.length;
    this.recent.set(prefix, recent);
    return { line: this.render(current), changed: [...changed].map((r) => ({ index: r.index, line: this.render(r) })) };
  }

  /** The first log index that a later line could still change (null: none). */
  openFrom(): number | null {
    let first: number | null = null;
    for (const lines of this.recent.values()) if (lines.length && (first === null || lines[0].index < first)) first = lines[0].index;
    return first;
  }

  private render(r: RawLine): string {
    const masks: Array<[number, number]> = [];
    for (const [from, to] of [...r.masks].sort((a, b) => a[0] - b[0])) {
      const last = masks.at(-1);
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else masks.push([from, to]);
    }
    let out = '';
    let at = 0;
    for (const [from, to] of masks) {
      out += `${this.redact(r.text.slice(at, from))}${REDACTED}`;
      at = to;
    }
    return r.prefix + out + this.redact(r.text.slice(at));
  }
}
