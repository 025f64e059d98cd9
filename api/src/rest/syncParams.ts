import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableDate } from '../domain/core/fields.ts';

// The parameters of the sync APIs (Google Reader, Fever), which clients send as forms and query strings.

/** Reads every body of the plugin's calls as a form: clients post forms, some without saying so. */
export function parseFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['application/x-www-form-urlencoded', '*'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );
}

/**
 * The parameters of a call: its query string and its form body together. Google Reader clients send some in
 * either and repeat keys for lists (`i`, `a`, `s`), so both are read as URLSearchParams, never as objects.
 */
export function callParams(request: FastifyRequest): URLSearchParams {
  const query = request.raw.url?.split('?')[1] ?? '';
  const params = new URLSearchParams(query);
  if (request.body instanceof URLSearchParams) for (const [key, value] of request.body) params.append(key, value);
  return params;
}

/** A whole number parameter, or null when it is absent or not one. */
export function integerParam(params: URLSearchParams, name: string): number | null {
  const value = params.get(name)?.trim();
  return value && /^-?\d{1,16}$/.test(value) ? Number(value) : null;
}

/**
 * A date from a parameter in Unix seconds (`ot`, `nt`, Fever's `before`), or null when absent, not one, not after
 * 1970 (0 is how clients say "no bound") or past the dates a request may name (isStorableDate).
 */
export function secondsParam(params: URLSearchParams, name: string): Date | null {
  const seconds = integerParam(params, name);
  if (seconds === null || seconds <= 0) return null;
  const date = new Date(seconds * 1000);
  return isStorableDate(date) ? date : null;
}

/** Seconds since 1970, as the protocols count time. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
