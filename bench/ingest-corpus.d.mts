/** Types of ingest-corpus.mjs (the benchmark's report generator, also used by the ingest's tests). */
export interface IngestReportCounts {
  testCases: number;
  failed: number;
  steps: number;
  attachments: number;
  bytes: number;
}
export function writeIngestReport(file: string, options?: { features?: number; scenariosPerFeature?: number }): IngestReportCounts;
