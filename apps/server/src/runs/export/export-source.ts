import type { Envelope } from '@cucumber/messages';
import type { ReportStep } from '@stepwise/shared';
import { envelopeProblem, ReportBuilder } from '@stepwise/runner/report-model';
import type { AppContext } from '../../context.ts';
import type { Run } from '../../db/schema.ts';
import { indexKeyOf } from '../ingest/source-index.ts';
import { forEachLine } from '../source-report.ts';

/**
 * The steps of a page of test cases of a run imported as Cucumber messages, built from their messages
 * in the stored report as the scenario report builds one test case's (source-report.ts), with the reads
 * of a page at once: the index entries of its positions in two reads, every message in one, the
 * messages all test cases share parsed once.
 */
export async function sourceStepsOfPage(ctx: AppContext, run: Run, rows: ReadonlyArray<{ position: number; report_case_id: string }>): Promise<Map<number, ReportStep[]>> {
  const out = new Map<number, ReportStep[]>();
  if (!run.source_key || rows.length === 0) return out;
  const places = await indexEntries(ctx, indexKeyOf(run.source_key), rows[0].position, rows[rows.length - 1].position);
  if (!places) {
    ctx.log.warn({ runId: run.id, key: run.source_key }, 'the stored report of a run is missing');
    return out;
  }
  // Test cases of one scenario outline or feature share their Gherkin document: each range is read and parsed once.
  const ranges: number[] = [];
  const slot = new Map<string, number>();
  const slotOf = (offset: number, length: number) => {
    const key = `${offset}-${length}`;
    let at = slot.get(key);
    if (at === undefined) {
      at = ranges.length / 2;
      slot.set(key, at);
      ranges.push(offset, length);
    }
    return at;
  };
  const slotsOf = (pairs: readonly number[]) => {
    const list: number[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) list.push(slotOf(pairs[i], pairs[i + 1]));
    return list;
  };
  const common = slotsOf(run.source_lines ?? []);
  const own = rows.map((r) => slotsOf(places.get(r.position) ?? []));
  const pieces = await ctx.blobs.readRanges(run.source_key, ranges);
  if (!pieces) return out;
  const parsed = new Map<number, Array<[Envelope, string]>>();
  const envelopesOf = (at: number): Array<[Envelope, string]> => {
    let list = parsed.get(at);
    if (list) return list;
    list = [];
    forEachLine(pieces[at], ranges[at * 2], (offset, line) => {
      try {
        const envelope = JSON.parse(line.toString('utf8')) as Envelope;
        if (!envelopeProblem(envelope)) list!.push([envelope, `${offset}-${line.length}`]);
      } catch {
        // A line that is not JSON is left out, as the scenario report leaves it out.
      }
    });
    parsed.set(at, list);
    return list;
  };
  rows.forEach((row, i) => {
    const builder = new ReportBuilder({ name: run.name, mode: 'local', attachmentsInSource: true });
    for (const at of [...common, ...own[i]]) for (const [e, ref] of envelopesOf(at)) builder.add(e, ref);
    const { testCases } = builder.build().report;
    out.set(row.position, (testCases.find((t) => t.id === row.report_case_id) ?? testCases[0])?.steps ?? []);
  });
  return out;
}

/** The index's message places of the positions `first` to `last` (ingest/source-index.ts's layout), by position. */
async function indexEntries(ctx: AppContext, key: string, first: number, last: number): Promise<Map<number, number[]> | null> {
  const head = await ctx.blobs.readRanges(key, [0, 4, 4 * (1 + first), 4 * (last - first + 2)]);
  if (!head || head[0].length < 4) return null;
  const count = head[0].readUInt32LE(0);
  const starts: number[] = [];
  for (let i = 0; i + 4 <= head[1].length && first + i <= Math.min(last + 1, count); i++) starts.push(head[1].readUInt32LE(4 * i));
  if (starts.length < 2) return new Map();
  const from = starts[0];
  const to = starts[starts.length - 1];
  const [data] = (await ctx.blobs.readRanges(key, [4 * (2 + count + from), 4 * (to - from)])) ?? [];
  if (!data) return null;
  const out = new Map<number, number[]>();
  for (let p = 0; p + 1 < starts.length; p++) {
    const words: number[] = [];
    for (let w = starts[p]; w < starts[p + 1]; w++) words.push(data.readUInt32LE(4 * (w - from)));
    out.set(first + p, words);
  }
  return out;
}
