import fs from 'node:fs';
import type { Envelope } from '@cucumber/messages';

/** Envelopes of an NDJSON messages file (or stream), one at a time; blank lines are skipped. */
export async function* readNdjson(source: string | NodeJS.ReadableStream): AsyncGenerator<Envelope> {
  const stream = typeof source === 'string' ? fs.createReadStream(source) : source;
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true }));
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      if (nl > start) {
        const line = text.slice(start, nl).trim();
        if (line) yield JSON.parse(line) as Envelope;
      }
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  const tail = (rest + decoder.decode()).trim();
  if (tail) yield JSON.parse(tail) as Envelope;
}

/** Appends envelopes to an NDJSON file with synchronous writes, so that nothing is lost when the process is stopped. */
export class NdjsonWriter {
  private fd: number | null;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  write(envelope: Envelope): void {
    if (this.fd === null) return;
    fs.writeSync(this.fd, `${JSON.stringify(envelope)}\n`);
  }

  close(): void {
    if (this.fd === null) return;
    fs.closeSync(this.fd);
    this.fd = null;
  }
}
