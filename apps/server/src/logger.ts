import pino, { type DestinationStream, type Logger } from 'pino';
import { UPLOAD_PATH_PREFIX } from './runs/upload-url.ts';
import { knownSecrets } from './security/known-secrets.ts';

/** Objects are walked this deep for secrets; what is deeper is logged as it is. */
const MAX_DEPTH = 8;

/**
 * pino with secrets redacted: tokens, passwords and keys never reach the log. Request lines carry
 * the path without its query (tokens travel there) and without an upload link's token; every
 * string of a line, error messages and stacks included, has the secrets the server opened lately
 * (knownSecrets) replaced.
 */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.secretKey',
        '*.clientSecret',
        '*.npmrc_TextContent',
        'body.password',
        'body.token',
      ],
      censor: '[redacted]',
    },
    serializers: { req: requestLine },
    hooks: {
      logMethod(args, method) {
        if (knownSecrets.size === 0) return method.apply(this, args);
        return method.apply(this, args.map((a) => withoutSecrets(a, 0)) as typeof args);
      },
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** A request as its log lines show it: the path only (no query), an upload link's token left out. */
export function requestLine(req: LoggedRequest) {
  let url = (req.url ?? '').split('?')[0];
  if (url.startsWith(UPLOAD_PATH_PREFIX)) url = `${UPLOAD_PATH_PREFIX}[redacted]`;
  return {
    method: req.method,
    url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A log argument with the known secrets replaced in its strings (an Error's message, stack and cause too). */
function withoutSecrets(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return knownSecrets.redact(value);
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) {
    // A copy of the same class, so that pino's error serializer logs it as it would the original.
    const copy = Object.create(Object.getPrototypeOf(value)) as Error;
    for (const key of Object.getOwnPropertyNames(value)) {
      const { enumerable } = Object.getOwnPropertyDescriptor(value, key)!;
      const v = (value as unknown as Record<string, unknown>)[key];
      Object.defineProperty(copy, key, { value: withoutSecrets(v, depth + 1), enumerable, writable: true, configurable: true });
    }
    return copy;
  }
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  // Other class instances (a request, a socket) are left to their serializers.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSecrets(v, depth + 1)]));
}
