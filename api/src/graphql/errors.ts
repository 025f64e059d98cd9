import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UpstreamError,
} from '../domain/core/errors.ts';
import { builder } from './builder.ts';

const ErrorInterface = builder.interfaceType(DomainError, {
  name: 'Error',
  description: 'An expected failure; its message is written for people and can be shown as is.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

const errorTypes = [
  [InvalidInputError, 'InvalidInputError', 'The input broke a rule; nothing was changed.'],
  [UnauthenticatedError, 'UnauthenticatedError', 'The credentials were wrong or the session has ended.'],
  [ForbiddenError, 'ForbiddenError', 'The viewer may not do this.'],
  [NotFoundError, 'NotFoundError', 'The object does not exist or is not visible to the viewer.'],
  [ConflictError, 'ConflictError', 'The change conflicts with the current state (a duplicate, a used code).'],
] as const;

for (const [errorClass, name, description] of errorTypes) {
  builder.objectType(errorClass, { name, description, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof errorClass });
}

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many attempts; try again after `retryAfterSeconds`.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

builder.objectType(UpstreamError, {
  name: 'UpstreamError',
  description: 'A service the server relies on (the e-mail provider) refused or failed; the message says how.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UpstreamError,
});

/** The expected failures every mutation can answer with, as members of its result union. */
export const domainErrors = [...errorTypes.map(([errorClass]) => errorClass), RateLimitedError];
