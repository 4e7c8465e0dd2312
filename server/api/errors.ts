import type { ErrorRequestHandler, RequestHandler } from 'express';
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

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API endpoint ${req.method} ${req.path}` });
};

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
      res.status(error.status).json({ message: error.message, ...error.details });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large.' });
      return;
    }
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Request body is not valid JSON.' });
      return;
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json({ message: parserError.message });
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'API error');
    res.status(500).json({ message: 'Internal Server Error' });
  };
}
