import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withOwnPart, type Compressed, type Encoding } from './shared-compression.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers go out as they are: compressing them costs more than it saves. */
const MIN_COMPRESSED = 1024;

/**
 * A JSON answer kept as bytes (its parts sent one after the other, not joined), with its brotli and
 * gzip forms made once on first demand (in the thread pool) and kept beside it. An answer whose first
 * part is shared with others and compressed once (`shared`: two parts, the second small) is that
 * compressed part with its own joined after it (shared-compression.ts): nothing large is compressed
 * per answer.
 */
export class Answer {
  readonly parts: readonly Buffer[];
  readonly length: number;
  private readonly shared?: (encoding: Encoding) => Promise<Compressed>;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(parts: readonly Buffer[], shared?: (encoding: Encoding) => Promise<Compressed>) {
    this.parts = parts;
    this.length = parts.reduce((n, p) => n + p.length, 0);
    if (shared && parts.length === 2) this.shared = shared;
  }

  /** The encoding this answer goes out in for a client that accepts `accepted`: br, else gzip, else none. */
  encodingFor(accepted: Accepted): Encoding | null {
    if (this.length < MIN_COMPRESSED) return null;
    return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
  }

  static of(value: unknown): Answer {
    return new Answer([Buffer.from(JSON.stringify(value))]);
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done && this.shared) {
      const own = this.parts[1];
      done = this.shared(encoding).then((shared) => withOwnPart(shared, own));
      this.encoded.set(encoding, done);
      done.catch(() => this.encoded.delete(encoding));
    }
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

/** Which of our encodings a client accepts. */
export interface Accepted {
  readonly br: boolean;
  readonly gzip: boolean;
}
const NONE: Accepted = { br: false, gzip: false };
let lastHeader: string | undefined;
let lastAccepted: Accepted = NONE;

/** The encodings of ours the client accepts (q > 0), from its accept-encoding header. */
export function acceptedEncodings(header: string | string[] | undefined): Accepted {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return NONE;
  // A browser sends the same header on every call.
  if (text === lastHeader) return lastAccepted;
  lastAccepted = parseAcceptEncoding(text);
  lastHeader = text;
  return lastAccepted;
}

function parseAcceptEncoding(text: string): Accepted {
  const accepted = new Set<string>();
  for (const item of text.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  return { br: accepted.has('br'), gzip: accepted.has('gzip') };
}

/** Sends `answer` as application/json, compressed when the client accepts it and it is worth it. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.encodingFor(acceptedEncodings(request.headers['accept-encoding']));
  if (encoding) {
    const body = await answer.encode(encoding);
    return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
  }
  reply.header('content-length', answer.length);
  if (answer.parts.length === 1) return reply.send(answer.parts[0]);
  // Several parts (the features tree: the shared tree, then the caller's fields) are streamed, not
  // copied; a small answer is one write (a stream costs more than the copy).
  return reply.send(answer.length < MIN_COMPRESSED ? Buffer.concat(answer.parts) : Readable.from(answer.parts));
}
