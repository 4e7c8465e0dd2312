import type { ApiFieldErrors } from '@domain/api-error.ts';
import { fieldErrorsOf } from '@domain/zod.ts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';

/** An error that carries the HTTP status and the human message the client shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The 400 for invalid input, in the one shape every such answer has (domain/api-error.ts):
 * `{message, fieldErrors}`, each field with the list of its messages in the order found.
 * The message defaults to the first problem, so a client that reads only it still learns one.
 *
 * @example if (!parsed.success) throw invalidInput(parsed.error);
 * @example throw invalidInput(parsed.error, 'Some fields are missing or invalid.');
 */
export function invalidInput(error: z.ZodError, message?: string): HttpError {
  return invalidRequest(message ?? error.issues[0]?.message ?? 'Invalid input.', fieldErrorsOf(error));
}

/** A 400 for input no schema judged (a body that is not an object, a missing file): same shape, no field named unless given. */
export function invalidRequest(message: string, fieldErrors: ApiFieldErrors = {}): HttpError {
  return new HttpError(400, message, { fieldErrors });
}

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API endpoint ${req.method} ${req.path}` });
};

/** Every 400 has `fieldErrors`, even one thrown without them (malformed JSON, a broken upload): a client reads one shape. */
function shapeOf(status: number): { fieldErrors?: ApiFieldErrors } {
  return status === 400 ? { fieldErrors: {} } : {};
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/**
 * Maps every failure to a 4xx with a message, or a 500 with no detail. Bad input is
 * never a 500: body-parser's own errors (malformed JSON, too large) are translated here.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof HttpError) {
      if (error.headers) res.set(error.headers);
      res.status(error.status).json({ message: error.message, ...shapeOf(error.status), ...error.details });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large.' });
      return;
    }
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Request body is not valid JSON.', ...shapeOf(400) });
      return;
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json({ message: parserError.message, ...shapeOf(parserError.status) });
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'API error');
    res.status(500).json({ message: 'Internal Server Error' });
  };
}
