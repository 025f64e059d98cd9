import type { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { containsNul } from './fields.ts';

/** A refusal the caller can act on; its message is shown to users as is (the spec's wording where it gives one). */
export class DomainError extends Error {
  declare readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;
}

export class InvalidInputError extends DomainError {
  override readonly status = 400;
}

export class UnauthenticatedError extends DomainError {
  override readonly status = 401;
  constructor(message = 'Authentication required') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  override readonly status = 403;
}

export class NotFoundError extends DomainError {
  override readonly status = 404;
}

export class ConflictError extends DomainError {
  override readonly status = 409;
}

export class RateLimitedError extends DomainError {
  override readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A service Tidings relies on (the e-mail provider) refused or failed; its message says what it answered. */
export class UpstreamError extends DomainError {
  override readonly status = 502;
}

/** PostgreSQL cannot be reached (stopped, restarting, out of connections): nothing was done, and trying again soon may work. */
export class DatabaseUnavailableError extends DomainError {
  override readonly status = 503;
  readonly retryAfterSeconds = 5;
  constructor() {
    super('The database is unavailable right now. Please try again in a moment.');
  }
}

/**
 * The refusal to answer a caller with: `error` itself when it is one, a DatabaseUnavailableError when the database
 * could not be reached, else null (a fault of ours: a 500).
 */
export function refusalOf(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableError() : null;
}

/** Parses `input` with `schema`, or throws an InvalidInputError carrying the first issue's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  // Every text of every input, whichever schema reads it, after the schema's own (better worded) NUL rules:
  // PostgreSQL refuses NUL in text with an error.
  if (result.success && containsNul(input)) throw new InvalidInputError('Text must not contain NUL characters');
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.path.length === 0 && issue.code !== 'unrecognized_keys') throw new InvalidInputError('The request body must be a JSON object');
  throw new InvalidInputError(issue.message);
}
