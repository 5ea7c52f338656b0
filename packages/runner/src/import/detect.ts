/**
 * Which kind of report a file is. A content type that names one format (application/x-ndjson, an XML
 * type) is taken at its word; otherwise the first bytes tell: '<' is XML (JUnit), '[' a Cucumber JSON
 * array of features, '{' a Cucumber messages stream (one JSON object per line); else the file name's
 * extension, else a plain application/json (Cucumber JSON).
 */

export const REPORT_FORMATS = ['ndjson', 'cucumber-json', 'junit'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const NDJSON_TYPES = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/json-seq']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);

export function detectFormat(firstBytes: Uint8Array | string, fileName?: string | null, contentType?: string | null): ReportFormat | null {
  const type = contentType?.split(';')[0].trim().toLowerCase() ?? '';
  if (NDJSON_TYPES.has(type)) return 'ndjson';
  if (XML_TYPES.has(type) || type.endsWith('+xml')) return 'junit';
  const head = typeof firstBytes === 'string' ? firstBytes.slice(0, 4096) : Buffer.from(firstBytes.subarray(0, 4096)).toString('utf8');
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return 'junit';
  if (start.startsWith('[')) return 'cucumber-json';
  if (start.startsWith('{')) return 'ndjson';
  const ext = fileName ? /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() : undefined;
  if (ext === 'xml') return 'junit';
  if (ext === 'json') return 'cucumber-json';
  if (ext === 'ndjson' || ext === 'jsonl') return 'ndjson';
  if (type === 'application/json') return 'cucumber-json';
  return null;
}
