import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type LogFn = Logger['info'];

/**
 * A request's logger that becomes a pino child only when a line is actually written. pino makes a
 * child by serialising its bindings (`reqId`, then the user and trace headers: auth-plugin.ts); a
 * request that logs nothing (every request below the configured level) then pays for none of it
 * (bench:api). A line at an enabled level goes through the real child, so it carries exactly the
 * bindings it would have carried; `child()` of a lazy logger only adds bindings, and so does
 * `setBindings()` (the auth hook's user and trace headers, on the request's and the reply's lines alike).
 */
export class LazyRequestLogger {
  #real: Logger | undefined;
  readonly #parent: Logger;
  #bindings: Bindings;
  readonly #opts: ChildLoggerOptions | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(parent: Logger, bindings: Bindings, opts?: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#opts = opts && Object.keys(opts).length ? opts : undefined;
  }

  get level(): LevelWithSilentOrString {
    return this.#real?.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real().level = level;
  }

  get silent(): LogFn {
    return this.#parent.silent;
  }

  isLevelEnabled(level: string): boolean {
    return this.#real ? this.#real.isLevelEnabled(level) : this.#parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, opts?: ChildLoggerOptions): Logger {
    if (this.#real || opts) return this.real().child(bindings, opts);
    return new LazyRequestLogger(this.#parent, { ...this.#bindings, ...bindings }) as unknown as Logger;
  }

  /** Adds bindings to this logger itself (pino's setBindings): Fastify's request and reply share it. */
  setBindings(bindings: Bindings): void {
    if (this.#real) this.#real.setBindings(bindings);
    else this.#bindings = { ...this.#bindings, ...bindings };
  }

  bindings(): Bindings {
    return this.#real ? this.#real.bindings() : { ...this.#parent.bindings(), ...this.#bindings };
  }

  real(): Logger {
    this.#real ??= this.#parent.child(this.#bindings, this.#opts);
    return this.#real;
  }
}

for (const level of LEVELS) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value: function log(this: LazyRequestLogger, ...args: unknown[]) {
      if (!this.isLevelEnabled(level)) return;
      (this.real()[level as Level] as (...a: unknown[]) => void)(...args);
    },
  });
}

/** Fastify's `childLoggerFactory` (its logger is the server's pino): each request's logger is lazy (LazyRequestLogger). */
export function lazyChildLogger(logger: FastifyBaseLogger | Logger, bindings: Bindings, opts: ChildLoggerOptions): Logger {
  return new LazyRequestLogger(logger as Logger, bindings, opts) as unknown as Logger;
}
