import { styleText } from 'node:util';
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

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

/** Set on a line a person starting Tidings must not miss (the first invite code): a terminal shows it framed. */
export const HIGHLIGHT = { highlight: true } as const;

/** Fields that the message of a line on a terminal already says, or that only a log collector needs. */
const NOT_ON_TERMINAL = 'pid,hostname,service,reqId,req,status,ms,operation,highlight,inviteCode,url,worker,job,duration,success';

/** One line per event for a person: time, level, message, and the event's other fields when it has any. */
function terminal(): DestinationStream {
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: NOT_ON_TERMINAL,
    singleLine: true,
    messageFormat: (line, messageKey) => {
      const message = String(line[messageKey]);
      return line.highlight ? `\n\n    ${styleText(['bold', 'inverse'], ` ${message} `)}\n` : message;
    },
  });
}

/**
 * The process logger: readable lines on a terminal, JSON lines (one object per event, for any log collector)
 * when the output goes anywhere else, or to `destination`.
 */
export function createLogger(
  level: string,
  destination: DestinationStream | undefined = process.stdout.isTTY ? terminal() : undefined,
): Logger {
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
