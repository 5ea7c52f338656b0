import { Readable } from 'node:stream';
import type { Envelope } from '@cucumber/messages';
import type { ReportStep } from '@stepwise/shared';
import { envelopeProblem, ReportBuilder } from '@stepwise/runner/report-model';
import type { AppContext } from '../context.ts';
import type { Run, TestCaseRow } from '../db/schema.ts';
import { indexKeyOf, readSourceIndex } from './ingest/source-index.ts';

/**
 * Test cases of runs imported as Cucumber messages: their steps are built, by the same report builder
 * as any run's, from their messages in the run's stored report (ingest/ndjson-ingest.ts), and their
 * attachments are read from there, by the place of their message (`src-<offset>-<length>`).
 */

const SOURCE_ATTACHMENT_RE = /^src-(\d{1,12})-(\d{1,12})$/;
/** An attachment message read back for a screenshot is at most this long. */
const MAX_ATTACHMENT_LINE = 64 * 1024 * 1024;

/** The steps of a test case kept in its run's stored report (empty when the report is gone). */
export async function sourceSteps(ctx: AppContext, run: Run, tc: TestCaseRow): Promise<ReportStep[]> {
  if (!run.source_key) return [];
  const own = await readSourceIndex(ctx.blobs, indexKeyOf(run.source_key), tc.position);
  const ranges = [...(run.source_lines ?? []), ...(own ?? [])];
  const pieces = own ? await ctx.blobs.readRanges(run.source_key, ranges) : null;
  if (!pieces) {
    ctx.log.warn({ runId: run.id, key: run.source_key }, 'the stored report of a run is missing');
    return [];
  }
  const builder = new ReportBuilder({ name: run.name, mode: 'local', attachmentsInSource: true });
  pieces.forEach((piece, i) => {
    // A range holds one message or several lines in a row; each message is named by its own place.
    forEachLine(piece, ranges[i * 2], (offset, line) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(line.toString('utf8')) as Envelope;
      } catch {
        return;
      }
      // The ingest checked the fields it read; a message with a field of another type than the protocol's is left out.
      if (envelopeProblem(envelope)) return;
      builder.add(envelope, `${offset}-${line.length}`);
    });
  });
  const { testCases } = builder.build().report;
  return (testCases.find((t) => t.id === tc.report_case_id) ?? testCases[0])?.steps ?? [];
}

/** The non-blank lines of a range of the report that starts at `offset` (without their line ends), with their offsets. */
export function forEachLine(piece: Buffer, offset: number, visit: (offset: number, line: Buffer) => void): void {
  let start = 0;
  while (start < piece.length) {
    let nl = piece.indexOf(10, start);
    if (nl < 0) nl = piece.length;
    let stop = nl;
    if (stop > start && piece[stop - 1] === 13) stop--;
    if (stop > start) visit(offset + start, piece.subarray(start, stop));
    start = nl + 1;
  }
}

/** Whether a screenshot id names an attachment kept in the run's stored report. */
export const isSourceAttachmentId = (id: string) => SOURCE_ATTACHMENT_RE.test(id);

/** An attachment kept in a run's stored report: its media type and bytes, or null. */
export async function sourceAttachment(ctx: AppContext, run: Run, id: string): Promise<{ mediaType: string; size: number; stream: Readable } | null> {
  const m = SOURCE_ATTACHMENT_RE.exec(id);
  if (!m || !run.source_key) return null;
  const offset = Number(m[1]);
  const length = Number(m[2]);
  if (length === 0 || length > MAX_ATTACHMENT_LINE) return null;
  const pieces = await ctx.blobs.readRanges(run.source_key, [offset, length]);
  if (!pieces?.[0]) return null;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(pieces[0].toString('utf8')) as Envelope;
  } catch {
    return null;
  }
  const a = envelope.attachment;
  if (!a || typeof a.body !== 'string' || typeof a.mediaType !== 'string') return null;
  const bytes = a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64') : Buffer.from(a.body, 'utf8');
  return { mediaType: a.mediaType, size: bytes.length, stream: Readable.from([bytes]) };
}
