import pino, { type DestinationStream, type Logger } from 'pino';

/** pino with secrets redacted: tokens, passwords and keys never reach the log. */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.secretKey',
        '*.npmrc_TextContent',
        'body.password',
        'body.token',
      ],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
