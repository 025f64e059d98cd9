/**
 * Local stand-ins for the outside services the admin panel talks to, so the e2e server never reaches the real ones:
 * Postmark's API (POST /email; recipients at bounce.test are refused as Postmark refuses inactive ones), a
 * web-analytics dashboard page (/dashboard) and Umami's API for its figures (/api/websites/e2e-site/...). What Postmark
 * accepted stays in an inbox the tests read (GET /inbox?to=…: the latest e-mail to that address).
 */
import { createServer } from 'node:http';

export const REFUSED_RECIPIENT_DOMAIN = 'bounce.test';
export const POSTMARK_REFUSAL = 'You tried to send to recipient(s) that have been marked as inactive.';
export const ANALYTICS_WEBSITE_ID = 'e2e-site';

const umamiFigures: Record<string, unknown> = {
  stats: {
    pageviews: { value: 1284 },
    visitors: { value: 312 },
    visits: { value: 400 },
    bounces: { value: 148 },
    totaltime: { value: 52_000 },
  },
  url: [
    { x: '/shares', y: 611 },
    { x: '/articles', y: 402 },
    { x: '/settings', y: 88 },
  ],
  event: [{ x: 'share-article', y: 57 }],
};

type Email = { To: string; Subject: string; TextBody: string };

/** Where the fake services listen beside the e2e server on `e2ePort`: the tests find the inbox from E2E_PORT alone. */
export function fakeServicesUrl(e2ePort = Number(process.env.E2E_PORT ?? 4180)): string {
  return `http://127.0.0.1:${e2ePort + 1000}`;
}

/** Starts the fake services on 127.0.0.1 beside the e2e server on `e2ePort` and answers their base address. */
export async function startFakeServices(e2ePort: number): Promise<string> {
  const inbox: Email[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.test');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/email') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const email = JSON.parse(body) as Email;
        if (email.To.endsWith(`@${REFUSED_RECIPIENT_DOMAIN}`)) return json(422, { ErrorCode: 406, Message: POSTMARK_REFUSAL });
        inbox.push(email);
        json(200, { ErrorCode: 0, Message: 'OK', MessageID: `e2e-${Date.now()}`, To: email.To });
      });
      return;
    }
    if (url.pathname === '/inbox') {
      const latest = inbox.findLast((email) => email.To === url.searchParams.get('to'));
      return latest ? json(200, latest) : json(404, { error: 'No e-mail to that address' });
    }
    if (url.pathname === '/dashboard') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Analytics</title><body style="font-family:sans-serif"><h1>Fake analytics dashboard</h1></body>');
      return;
    }
    const prefix = `/api/websites/${ANALYTICS_WEBSITE_ID}/`;
    if (url.pathname === `${prefix}stats`) return json(200, umamiFigures.stats);
    if (url.pathname === `${prefix}metrics`) return json(200, umamiFigures[url.searchParams.get('type') ?? ''] ?? []);
    json(404, { error: 'Not found' });
  });
  const url = fakeServicesUrl(e2ePort);
  await new Promise<void>((resolve) => server.listen(Number(new URL(url).port), '127.0.0.1', resolve));
  server.unref();
  return url;
}
