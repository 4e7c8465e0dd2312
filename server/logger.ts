import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/**
 * JSON lines in production, pretty in development. Request bodies, cookies and
 * authorization headers are never logged: the redact list is the last line of defence.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
  };
  // A destination (tests read the lines) takes the place of standard output and pretty printing.
  return destination ? pino({ ...options, transport: undefined }, destination) : pino(options);
}
