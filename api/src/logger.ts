import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The request as Fastify's log lines carry it (its Request or the raw message). */
type LoggedRequest = { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } };

/**
 * A request in a log line: its path without the query string, which may carry secrets (tokens in links, feed
 * addresses with credentials) that must not reach a log.
 */
function requestWithoutQuery(request: LoggedRequest) {
  return { method: request.method, path: request.url?.split('?')[0], remoteAddress: request.ip ?? request.socket?.remoteAddress };
}

/** The process logger: JSON lines (one object per event) that any log collector can read. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'tidings' },
      redact: ['req.headers.authorization', '*.password', '*.token'],
      serializers: { req: requestWithoutQuery },
    },
    destination,
  );
}
