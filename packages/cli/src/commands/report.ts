import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REPORT_EXPORT_FORMATS, REPORT_EXPORT_LABELS, type ReportExportFormat } from '@stepwise/shared';
import { CliError } from '../cli-error.ts';

export interface ReportArgs {
  runId: string;
  format: ReportExportFormat;
  output?: string;
  server: string;
  token?: string;
}

/**
 * `stepwise report <run id> --format ndjson|json|junit|html [--output file]`: downloads a run's export,
 * streamed to the file (or to standard output), with its progress on standard error.
 */
export async function reportCommand(args: ReportArgs, out: NodeJS.WritableStream, progressOut: NodeJS.WritableStream = process.stderr): Promise<number> {
  if (!args.token) throw new CliError('An access key is needed: pass --token or set STEPWISE_TOKEN');
  if (!REPORT_EXPORT_FORMATS.includes(args.format)) throw new CliError(`Unknown format ${args.format}: expected one of ${REPORT_EXPORT_FORMATS.join(', ')}`);
  const base = args.server.replace(/\/+$/, '');
  const route = `/api/runs/export?${new URLSearchParams({ runId: args.runId, format: args.format })}`;
  let res: Response;
  try {
    res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${args.token}` } });
  } catch (err) {
    throw new CliError(`Cannot reach the Stepwise server at ${base}: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let message = text;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {
      /* plain text */
    }
    throw new CliError(`Export of run ${args.runId} failed (${res.status}): ${message || res.statusText}`);
  }
  const label = REPORT_EXPORT_LABELS[args.format];
  const progress = new DownloadProgress(progressOut as NodeJS.WritableStream & { isTTY?: boolean }, label);
  const target = args.output ? fs.createWriteStream(path.resolve(args.output)) : out;
  try {
    await pipeline(Readable.fromWeb(res.body as never), progress.counter(), target, { end: !!args.output });
  } catch (err) {
    throw new CliError(`The export of run ${args.runId} stopped: ${(err as Error).message}`);
  }
  progress.done(args.output ?? null);
  return 0;
}

/** Bytes received so far: on a terminal one line rewritten (at most every 200 ms), elsewhere a line every 10 MB. */
class DownloadProgress {
  private received = 0;
  private lastDraw = 0;
  private lastStep = 0;
  private readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly label: string;

  constructor(out: NodeJS.WritableStream & { isTTY?: boolean }, label: string) {
    this.out = out;
    this.label = label;
    this.out.write(`Exporting ${label}...\n`);
  }

  counter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        this.received += chunk.length;
        this.draw();
        done(null, chunk);
      },
    });
  }

  private draw(): void {
    const line = `Received ${megabytes(this.received)} MB`;
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 200) return;
      this.lastDraw = now;
      this.out.write(`\r${line}\u001b[K`);
      return;
    }
    const step = Math.floor(this.received / 10e6);
    if (step > this.lastStep) {
      this.lastStep = step;
      this.out.write(`${line}\n`);
    }
  }

  done(file: string | null): void {
    if (this.out.isTTY && this.lastDraw) this.out.write('\n');
    this.out.write(`${this.label}: ${megabytes(this.received)} MB${file ? ` written to ${file}` : ''}\n`);
  }
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
