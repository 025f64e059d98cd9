/** What the Prisma driver adapter says went wrong, when it was the connection rather than the statement. */
const CONNECTION_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's codes for an unreachable server, a connection timeout and a connection the server closed. */
const PRISMA_CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1017']);
/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (the server is shutting down, crashed, or still starting)
 * and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres' own words for a connection that died or never came within the pool's wait. */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

type Inspectable = { code?: unknown; message?: unknown; severity?: unknown; cause?: unknown; meta?: unknown; kind?: unknown };

/**
 * True when `error` (or an error it wraps) says PostgreSQL could not be reached or dropped the connection, as
 * when it restarts: the request did nothing and may be tried again, so callers answer 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const { code, message, severity, cause, meta, kind } = current as Inspectable;
    if (typeof code === 'string' && PRISMA_CONNECTION_CODES.has(code)) return true;
    if (typeof code === 'string' && typeof severity === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof kind === 'string' && (CONNECTION_KINDS.has(kind) || (kind === 'postgres' && UNAVAILABLE_SQLSTATE.test(String(code))))) {
      return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
    const driverError = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
    current = driverError ?? cause;
  }
  return false;
}

/** The socket's errors when node-postgres cannot open or keep a connection: what Prisma's adapter names DatabaseNotReachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * `error` of a statement sent through node-postgres directly (queryRows), as Prisma would have said it: a socket error
 * of the connection becomes P1001 (unreachable), so that isDatabaseUnavailable knows it; anything else as it is. Only
 * for errors of the database's own connection: a socket error of any other request is no sign of the database.
 */
export function asPrismaConnectionError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !SOCKET_CODES.has(code)) return error;
  return Object.assign(new Error(`Can't reach database server (${code})`, { cause: error }), { code: 'P1001' });
}
