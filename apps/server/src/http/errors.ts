import { MSG } from '@stepwise/shared';

/** An error with an HTTP status and a message meant for the user. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Fields sent beside `error` (a stale write's current version...). */
  readonly details: Record<string, unknown> | undefined;
  constructor(statusCode: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);
export const tooMany = (message: string) => new HttpError(429, message);
