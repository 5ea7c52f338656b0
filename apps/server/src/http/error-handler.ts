import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@stepwise/shared';
import { HttpError } from './errors.ts';
import { GitError } from '../workspace/git.ts';

/** Every error leaves as `{ status: 'error', error }` with a 4xx for the client's mistakes. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ ...err.details, status: 'error', error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      const generic = /^(Invalid (input|option|string|key|element)|Unrecognized|Required|Expected|Too (big|small))/.test(message);
      return reply.status(400).send({ status: 'error', error: generic && field ? `${field}: ${message}` : message });
    }
    // A project deleted while a request on it ran: its rows went first, then its repository.
    if (err instanceof GitError && err.result.stderr.includes('not a git repository')) {
      request.log.warn({ err }, 'the repository of the project is gone');
      return reply.status(404).send({ status: 'error', error: MSG.projectNotFound });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ status: 'error', error: clientMessage(err) });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ status: 'error', error: MSG.unexpected });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 'error', error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    default:
      return err.message || 'Bad request';
  }
}
