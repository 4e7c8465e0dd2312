import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/**
 * JSON lines in production, pretty in development. Request bodies, cookies and
 * authorization headers are never logged: the redact list is the last line of defence.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.body',
      ],
      censor: '[redacted]',
    },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }
      : {}),
  });
}
