import type { FeedCandidate } from './candidates.ts';

/** The server's text for a second subscription to the same feed (api/src/domain/subscriptions/subscribe.ts). */
export const ALREADY_SUBSCRIBED = 'Already subscribed to this feed';
const TIMEOUT_MS = 20_000;

/** `status` is null when no answer came back. `message` is ready to show. */
export type Failure = { ok: false; status: number | null; message: string };
export type Outcome<T> = { ok: true; value: T } | Failure;

export type Account = { id: string; username: string; displayName: string | null };
export type Subscription = { id: string; title: string };
export type SharedPage = { share: { id: string }; article: { id: string; title: string } };
export type SharePageInput = { url: string; note: string; isPublic: boolean };

/** The part of the Tidings REST API the extension uses, signed in with a personal API token. */
export function tidingsClient(origin: string, token: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    fallback: string,
    isValid: (value: unknown) => boolean,
  ): Promise<Outcome<T>> {
    let response: Response;
    try {
      response = await fetchImpl(`${origin}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, status: null, message: `Could not reach Tidings at ${origin}. Check the address and your connection.` };
    }
    const json = await response.json().catch(() => undefined);
    if (response.status === 401) {
      return { ok: false, status: 401, message: 'Tidings rejected the API token. Create a new one in Tidings Settings.' };
    }
    if (!response.ok) return { ok: false, status: response.status, message: serverError(json) ?? fallback };
    if (!isValid(json)) return { ok: false, status: response.status, message: `${origin} does not look like a Tidings instance.` };
    return { ok: true, value: json as T };
  }

  return {
    me: () =>
      call<{ user: Account }>(
        'GET',
        '/api/auth/me',
        undefined,
        'Could not verify the API token',
        (v) => typeof field(field(v, 'user'), 'username') === 'string',
      ),
    detectFeeds: (url: string) =>
      call<{ feeds: FeedCandidate[] }>('POST', '/api/feeds/detect', { url }, 'Could not look for feeds', (v) =>
        Array.isArray(field(v, 'feeds')),
      ),
    subscribe: (url: string) =>
      call<{ subscription: Subscription }>(
        'POST',
        '/api/feeds/subscribe',
        { url },
        'Failed to subscribe to feed',
        (v) => typeof field(v, 'subscription') === 'object',
      ),
    sharePage: (input: SharePageInput) =>
      call<SharedPage>(
        'POST',
        '/api/social/share-page',
        input,
        'Failed to share this page',
        (v) => typeof field(field(v, 'article'), 'id') === 'string',
      ),
  };
}

export type TidingsClient = ReturnType<typeof tidingsClient>;

/** What to tell the user after trying to subscribe to the feed called `title`; a second try is no failure. */
export function subscribeMessage(outcome: Outcome<{ subscription: Subscription }>, title: string): { text: string; ok: boolean } {
  if (outcome.ok) return { text: `Subscribed to ${outcome.value.subscription.title || title}!`, ok: true };
  if ((outcome.status === 409 || outcome.status === 400) && outcome.message === ALREADY_SUBSCRIBED) {
    return { text: `You're already subscribed to ${title}`, ok: true };
  }
  return { text: outcome.message, ok: false };
}

/** The article's page in the Tidings web app. */
export function articleLink(origin: string, articleId: string): string {
  return `${origin}/article/${encodeURIComponent(articleId)}`;
}

function serverError(json: unknown): string | undefined {
  const error = field(json, 'error');
  return typeof error === 'string' && error ? error : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
