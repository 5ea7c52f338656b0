export { detectFormat, REPORT_FORMATS, type ReportFormat } from './detect.ts';
export { cucumberJsonToReport, LOG_MEDIA_TYPE } from './cucumber-json.ts';
export { junitXmlToReport } from './junit-xml.ts';
export { ReportImportError, type ImportedReport, type ReportSource } from './common.ts';
