import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterCaller } from './cleanup.ts';

/**
 * A local stand-in for Postmark's API (POST /email): records what it receives and answers like Postmark, or with
 * Postmark's error when `refuse` is set. Point POSTMARK_API_URL at `url`.
 */
export async function startFakePostmark() {
  const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  const state = { refuse: null as null | { status: number; code: number; message: string } };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      const refuse = state.refuse;
      response.writeHead(refuse?.status ?? 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          refuse ? { ErrorCode: refuse.code, Message: refuse.message } : { ErrorCode: 0, Message: 'OK', MessageID: 'fake-message-id' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, state };
}
