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

const MESSAGE = 'What went wrong, in a sentence for people (it names the field or the limit at fault).';

const ErrorInterface = builder.interfaceType(DomainError, {
  name: 'Error',
  description: 'An expected failure; its message is written for people and can be shown as is.',
  fields: (t) => ({ message: t.exposeString('message', { description: MESSAGE }) }),
});

const errorTypes = [
  [InvalidInputError, 'InvalidInputError', 'The input broke a rule; nothing was changed.'],
  [UnauthenticatedError, 'UnauthenticatedError', 'The credentials were wrong or the session has ended.'],
  [ForbiddenError, 'ForbiddenError', 'The viewer may not do this.'],
  [NotFoundError, 'NotFoundError', 'The object does not exist or is not visible to the viewer.'],
  [ConflictError, 'ConflictError', 'The change conflicts with the current state (a duplicate, a used code).'],
] as const;

for (const [errorClass, name, description] of errorTypes) {
  builder.objectType(errorClass, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof errorClass,
    fields: (t) => ({ message: t.exposeString('message', { description: MESSAGE }) }),
  });
}

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many attempts; try again after `retryAfterSeconds`.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({
    message: t.exposeString('message', { description: MESSAGE }),
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'Seconds to wait before trying again (as HTTP’s Retry-After).' }),
  }),
});

builder.objectType(UpstreamError, {
  name: 'UpstreamError',
  description: 'A service the server relies on (the e-mail provider) refused or failed; the message says how.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UpstreamError,
  fields: (t) => ({ message: t.exposeString('message', { description: MESSAGE }) }),
});

/** The expected failures every mutation can answer with, as members of its result union. */
export const domainErrors = [...errorTypes.map(([errorClass]) => errorClass), RateLimitedError];
