import type { z } from 'zod';
import { containsNul } from './fields.ts';

/** A refusal the caller can act on; its message is shown to users as is (the spec's wording where it gives one). */
export class DomainError extends Error {
  declare readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 502;
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
