import { pino, type Logger } from 'pino';

export type { Logger };

/** The process logger: JSON lines (one object per event) that any log collector can read. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'tidings' }, redact: ['req.headers.authorization', '*.password', '*.token'] });
}
