/**
 * Local stand-ins for the outside services the admin panel talks to, so the e2e server never reaches the real ones:
 * Postmark's API (POST /email; recipients at bounce.test are refused as Postmark refuses inactive ones), a
 * web-analytics dashboard page (/dashboard) and Umami's API for its figures (/api/websites/e2e-site/...).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** Starts the fake services on a free port of 127.0.0.1 and answers their base address. */
export async function startFakeServices(): Promise<string> {
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
        const { To } = JSON.parse(body) as { To: string };
        if (To.endsWith(`@${REFUSED_RECIPIENT_DOMAIN}`)) json(422, { ErrorCode: 406, Message: POSTMARK_REFUSAL });
        else json(200, { ErrorCode: 0, Message: 'OK', MessageID: `e2e-${Date.now()}`, To });
      });
      return;
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
