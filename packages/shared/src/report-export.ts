import { z } from 'zod';

/**
 * Report exports: a run as Cucumber messages (NDJSON), Cucumber JSON, JUnit XML or one self-contained
 * HTML page (@cucumber/html-formatter). `GET /api/runs/export?runId&format`, the run report's Export
 * menu and `stepwise report <run id> --format`.
 */
export const REPORT_EXPORT_FORMATS = ['ndjson', 'json', 'junit', 'html'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const REPORT_EXPORT_LABELS: Record<ReportExportFormat, string> = {
  ndjson: 'Cucumber messages (NDJSON)',
  json: 'Cucumber JSON',
  junit: 'JUnit XML',
  html: 'HTML report',
};

export const REPORT_EXPORT_TYPES: Record<ReportExportFormat, { contentType: string; extension: string }> = {
  ndjson: { contentType: 'application/x-ndjson; charset=utf-8', extension: 'ndjson' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  junit: { contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  html: { contentType: 'text/html; charset=utf-8', extension: 'html' },
};

export const ReportExportQuery = z.object({
  runId: z.string().trim().min(1).max(64),
  format: z.enum(REPORT_EXPORT_FORMATS, { error: `Unknown export format: expected one of ${REPORT_EXPORT_FORMATS.join(', ')}` }),
});
export type ReportExportQuery = z.infer<typeof ReportExportQuery>;

/** The file name of an export: the run's name made safe for a file system, then the format's extension. */
export function reportExportFileName(runName: string, format: ReportExportFormat): string {
  const base = runName.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80) || 'report';
  return `${base}.${REPORT_EXPORT_TYPES[format].extension}`;
}
