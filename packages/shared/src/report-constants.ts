/**
 * Constants of the report model that the run process needs. Plain code without zod: the run process
 * imports it (`@stepwise/shared/report-constants`) and starts faster without the schemas.
 */

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** Media types of the attachments our runner adds to a test step; other attachments are kept as files. */
export const ATTACHMENT_TYPES = {
  screenshot: 'image/png',
  console: 'application/vnd.stepwise.console+json',
  network: 'application/vnd.stepwise.network+json',
  command: 'application/vnd.stepwise.command+json',
  page: 'application/vnd.stepwise.page+json',
} as const;
