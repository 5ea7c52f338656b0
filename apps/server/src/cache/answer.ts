import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';
/** Smaller answers go out as they are: compressing them costs more than it saves. */
const MIN_COMPRESSED = 1024;

/**
 * A JSON answer kept as bytes (its parts sent one after the other, not joined), with its brotli and
 * gzip forms made once on first demand (in the thread pool) and kept beside it.
 */
export class Answer {
  readonly parts: readonly Buffer[];
  readonly length: number;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(parts: readonly Buffer[]) {
    this.parts = parts;
    this.length = parts.reduce((n, p) => n + p.length, 0);
  }

  static of(value: unknown): Answer {
    return new Answer([Buffer.from(JSON.stringify(value))]);
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done) {
      const whole = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
      // Brotli at quality 5: within a few ms for a few hundred KB, about gzip's speed and smaller.
      done =
        encoding === 'br'
          ? brotli(whole, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: whole.length } })
          : gzip(whole, { level: 6 });
      this.encoded.set(encoding, done);
      done.catch(() => this.encoded.delete(encoding));
    }
    return done;
  }
}

let lastHeader: string | undefined;
let lastEncoding: Encoding | null = null;

/** The encoding to answer in: br, else gzip, when the client accepts it (q > 0); null: as is. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  // A browser sends the same header on every call.
  if (text === lastHeader) return lastEncoding;
  lastEncoding = parseAcceptEncoding(text);
  lastHeader = text;
  return lastEncoding;
}

function parseAcceptEncoding(text: string): Encoding | null {
  const accepted = new Set<string>();
  for (const item of text.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends `answer` as application/json, compressed when the client accepts it and it is worth it. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.length >= MIN_COMPRESSED ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (encoding) {
    const body = await answer.encode(encoding);
    return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
  }
  reply.header('content-length', answer.length);
  if (answer.parts.length === 1) return reply.send(answer.parts[0]);
  // Several parts (the features tree: the caller's fields, then the shared tree) are streamed, not
  // copied; a small answer is one write (a stream costs more than the copy).
  return reply.send(answer.length < MIN_COMPRESSED ? Buffer.concat(answer.parts) : Readable.from(answer.parts));
}
