/**
 * The report model's builder and rules without the engine (no child processes, no browser): what
 * the server needs to read Cucumber messages, in its request handlers and in its ingest workers.
 */
export { ReportBuilder, sourceAttachmentId, timestampToIso, type AttachmentBlob, type ReportMeta, type ReportWithAttachments } from './report-builder.ts';
export { foldCase, stepResultMessage, type CaseFold, type FoldEntry } from './report-fold.ts';
export { durationMs, status } from './report-time.ts';
export { indexGherkinDocument, sourceRef, type DocumentIndex, type RowNode, type StepNode } from './report-steps.ts';
export { cleanUri } from './import/common.ts';
export { ReportImportError } from './import/common.ts';
export { envelopeProblem } from './import/messages-shape.ts';
