/**
 * The report's attachment media types (ATTACHMENT_TYPES of @stepwise/shared), repeated here so that the
 * support code every worker loads does not pull in zod and the shared schemas; a test keeps them equal.
 */
export const MEDIA = {
  screenshot: 'image/png',
  console: 'application/vnd.stepwise.console+json',
  network: 'application/vnd.stepwise.network+json',
  command: 'application/vnd.stepwise.command+json',
  page: 'application/vnd.stepwise.page+json',
} as const;
