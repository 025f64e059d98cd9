import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { newReader, type Reader } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { startSmtpServer } from '../inbound/smtpServer.ts';

const DOMAIN = 'mail.tidings.test';
const POSTMARK = 'postmark:a-long-enough-secret';
const server = await startTestServer({
  INBOUND_DOMAIN: DOMAIN,
  INBOUND_SMTP_PORT: '0',
  INBOUND_SMTP_HOST: '127.0.0.1',
  INBOUND_MAX_MESSAGE_MB: '1',
  INBOUND_MESSAGES_PER_SENDER_PER_HOUR: '5',
  INBOUND_POSTMARK_CREDENTIALS: POSTMARK,
});
const { services, rest } = server;
const smtp = await startSmtpServer(services);
afterAll(() => smtp.stop());

/** A real SMTP client (Nodemailer) speaking plain SMTP to the listener, as a mail server would. */
const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, pool: false });

let counter = 0;
/** Sends one message; resolves with the server's answer or rejects with its refusal (responseCode). */
function send(to: string, message: SendMailOptions = {}) {
  counter += 1;
  return mailer.sendMail({
    from: `Example News <news${counter}@example.org>`,
    to,
    subject: `Issue ${counter}`,
    html: `<p>Hello readers, this is issue ${counter}.</p>`,
    ...message,
  });
}

const addressOf = async (reader: Reader) => (await rest('GET', '/newsletters/address', { token: reader.token })).body.address as string;
const feedsOf = async (reader: Reader) => (await rest('GET', '/folders', { token: reader.token })).body;
const articlesOf = async (reader: Reader) =>
  (await rest('GET', '/articles?limit=50', { token: reader.token })).body.articles as {
    id: string;
    title: string;
    feed: { title: string };
  }[];
const refusal = (sending: Promise<unknown>) =>
  sending.then(
    () => null,
    (error: { responseCode?: number; response?: string }) => ({ code: error.responseCode, response: error.response }),
  );

describe('newsletters by SMTP', () => {
  it('gives each reader an address; a message to it is an article of a feed named after its sender, in Newsletters', async () => {
    const reader = await newReader(services);
    const address = await addressOf(reader);
    expect(address).toMatch(new RegExp(`^[a-z2-7]{16}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(address).not.toContain(reader.username.toLowerCase());
    expect(await addressOf(reader)).toBe(address);

    const started = Date.now();
    const sent = await send(address.toUpperCase(), {
      subject: 'The weekly: libraries',
      headers: {
        'List-Id': 'The Weekly <weekly.example.org>',
        'List-Unsubscribe': '<mailto:leave@example.org>, <https://example.org/leave?u=1>',
      },
      html: '<p>Libraries stay open. <a href="https://example.org/weekly/1">View in browser</a></p><img src="https://eotrx.substackcdn.com/open?token=x" width="1" height="1">',
    });
    expect(sent.rejected).toEqual([]);
    const [issue] = await articlesOf(reader);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(issue).toMatchObject({
      title: 'The weekly: libraries',
      feed: { title: 'Example News' },
      isRead: false,
      url: 'https://example.org/weekly/1',
    });
    const { article } = (await rest('GET', `/articles/${issue!.id}`, { token: reader.token })).body;
    expect(article.content).toContain('Libraries stay open.');
    expect(article.content).not.toContain('eotrx.substackcdn.com');
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: issue!.id }, include: { feed: true } });
    expect(stored.unsubscribeUrl).toBe('https://example.org/leave?u=1');
    expect(stored.feed).toMatchObject({ kind: 'newsletter', siteUrl: 'https://weekly.example.org/' });
    const { folders } = await feedsOf(reader);
    expect(folders.map((folder: { name: string }) => folder.name)).toEqual(['Newsletters']);
    // A reader's newsletter is theirs: nobody else is offered it, and refreshing has nothing to fetch.
    const other = await newReader(services);
    const popular = (await rest('GET', '/discover/popular', { token: other.token })).body.feeds as { id: string }[];
    expect(popular.map((feed) => feed.id)).not.toContain(stored.feedId);
    expect((await rest('POST', '/feeds/refresh-all', { token: reader.token })).body).toMatchObject({ failed: 0 });

    // The next issue of the same list joins the same feed; the same Message-ID again is stored once.
    await send(address, { headers: { 'List-Id': '<weekly.example.org>' }, messageId: '<issue-2@example.org>' });
    await send(address, { headers: { 'List-Id': '<weekly.example.org>' }, messageId: '<issue-2@example.org>' });
    expect((await articlesOf(reader)).map((a) => a.feed.title)).toEqual(['Example News', 'Example News']);
  });

  it('files a sender into the folder its alias names, and turns a text-only message into paragraphs', async () => {
    const reader = await newReader(services);
    const [key, domain] = (await addressOf(reader)).split('@');
    await send(`${key}+Tech@${domain}`, { html: undefined, text: 'First paragraph\nstill first.\n\nSecond <b>paragraph</b>.' });
    const [issue] = await articlesOf(reader);
    const { article } = (await rest('GET', `/articles/${issue!.id}`, { token: reader.token })).body;
    expect(article.content).toBe('<p>First paragraph<br />still first.</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;.</p>');
    expect((await feedsOf(reader)).folders.map((folder: { name: string }) => folder.name)).toEqual(['Tech']);
  });

  it('refuses unknown recipients at RCPT TO and never relays; nothing is stored', async () => {
    const before = await services.db.article.count();
    const reader = await newReader(services);
    const [key] = (await addressOf(reader)).split('@');
    for (const to of [`aaaaaaaaaaaaaaaa@${DOMAIN}`, `${key}@example.org`, 'someone@gmail.com', `${reader.username}@${DOMAIN}`]) {
      expect(await refusal(send(to)), to).toMatchObject({ code: 550 });
    }
    expect(await services.db.article.count()).toBe(before);
  });

  it('keeps a replaced address working for its grace period, then refuses it', async () => {
    const reader = await newReader(services);
    const old = await addressOf(reader);
    const renewed = (await rest('POST', '/newsletters/address/regenerate', { token: reader.token })).body;
    expect(renewed.address).not.toBe(old);
    expect(renewed.previous).toMatchObject({ address: old });
    expect(new Date(renewed.previous.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await send(old);
    await send(renewed.address);
    expect(await articlesOf(reader)).toHaveLength(2);

    await services.db.inboundAddress.updateMany({
      where: { userId: reader.id, expiresAt: { not: null } },
      data: { expiresAt: new Date() },
    });
    expect(await refusal(send(old))).toMatchObject({ code: 550 });
    expect(await articlesOf(reader)).toHaveLength(2);
  });

  it('refuses a message over the size cap (552) and a flood from one sender (451), storing nothing of them', async () => {
    const reader = await newReader(services);
    const address = await addressOf(reader);
    const big = await refusal(send(address, { html: `<p>${'x'.repeat(1_200_000)}</p>` }));
    expect(big).toMatchObject({ code: 552 });
    const from = 'Flood <flood@example.org>';
    for (let i = 0; i < 5; i += 1) await send(address, { from });
    expect(await refusal(send(address, { from }))).toMatchObject({ code: 451 });
    expect(await articlesOf(reader)).toHaveLength(5);
  });

  it('stores what can be read of malformed, oddly encoded and nested messages, and drops attachments', async () => {
    const reader = await newReader(services);
    const address = await addressOf(reader);
    const raw = (body: string) => mailer.sendMail({ envelope: { from: 'odd@example.org', to: address }, raw: body });
    await raw(
      'From: Odd <odd@example.org>\r\nSubject: =?x-unknown?Q?Broken_charset?=\r\nContent-Type: text/plain; charset=x-unknown\r\n\r\nCaf\xe9 text\r\n',
    );
    await raw(
      'From: Odd <odd@example.org>\r\nSubject: Nested\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n--a\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nplain\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>nested html</p>\r\n--b--\r\n--a\r\nContent-Type: application/pdf; name=x.pdf\r\nContent-Disposition: attachment; filename=x.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjc=\r\n--a--\r\n',
    );
    await raw('Subject: no from, no body, no end of headers');
    // An HTML bomb: 10,000 nested elements (the sanitiser's time grows with the square of the depth).
    await send(address, { subject: 'Bomb', html: `${'<div><b>'.repeat(5_000)}deep${'</b></div>'.repeat(5_000)}` });
    const titles = (await articlesOf(reader)).map((article) => article.title);
    expect(titles).toEqual(expect.arrayContaining(['Nested', 'no from, no body, no end of headers', 'Bomb']));
    expect(titles).toHaveLength(4);
    const bomb = (await articlesOf(reader)).find((article) => article.title === 'Bomb')!;
    expect((await rest('GET', `/articles/${bomb.id}`, { token: reader.token })).body.article.content).toContain('nested too deeply');
    const nested = (await articlesOf(reader)).find((article) => article.title === 'Nested')!;
    const { article } = (await rest('GET', `/articles/${nested.id}`, { token: reader.token })).body;
    expect(article.content).toBe('<p>nested html</p>');
  });
});

describe('newsletters by Postmark’s inbound webhook', () => {
  const postmark = (body: unknown, credentials = POSTMARK) =>
    fetch(`${server.url}/api/inbound/postmark`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      body: JSON.stringify(body),
    });
  const message = (to: string) => ({
    FromName: 'Postmark Letter',
    FromFull: { Email: 'letter@example.net', Name: 'Postmark Letter' },
    ToFull: [{ Email: to, Name: '' }],
    Subject: 'By webhook',
    HtmlBody: '<p>Arrived by webhook.</p>',
    TextBody: 'Arrived by webhook.',
    Date: 'Sat, 28 Nov 2026 10:00:00 +0000',
    MessageID: 'pm-1',
    Headers: [{ Name: 'List-Unsubscribe', Value: '<https://example.net/unsub>' }],
    Attachments: [{ Name: 'x.pdf', Content: 'JVBERi0xLjc=', ContentType: 'application/pdf' }],
  });

  it('stores a message for a reader’s address with the configured credentials, and nothing for anyone else', async () => {
    const reader = await newReader(services);
    const address = await addressOf(reader);
    expect((await postmark(message(address), 'postmark:wrong-password-here')).status).toBe(401);
    expect(await (await postmark(message(`bbbbbbbbbbbbbbbb@${DOMAIN}`))).json()).toEqual({ stored: 0 });
    expect(await (await postmark(message(address))).json()).toEqual({ stored: 1 });
    const [issue] = await articlesOf(reader);
    expect(issue).toMatchObject({ title: 'By webhook', feed: { title: 'Postmark Letter' } });
  });
});

describe('sharing a newsletter issue', () => {
  it('is private-only without a web version, and public with one', async () => {
    const reader = await newReader(services);
    const address = await addressOf(reader);
    await send(address, { subject: 'Private issue', html: '<p>No web version.</p>' });
    await send(address, { subject: 'Public issue', html: '<p><a href="https://example.org/p/1">Read online</a></p>' });
    const [publicIssue, privateIssue] = await articlesOf(reader);
    const share = (articleId: string, isPublic: boolean) =>
      rest('POST', '/social/share', { token: reader.token, body: { articleId, isPublic } });
    expect(await share(privateIssue!.id, true)).toMatchObject({
      status: 400,
      body: { error: 'This newsletter issue has no web version: share it with your followers only' },
    });
    expect((await share(privateIssue!.id, false)).status).toBe(200);
    expect((await share(publicIssue!.id, true)).status).toBe(200);
    const rss = await (await fetch(`${server.url}/api/public/rss`)).text();
    expect(rss).toContain('<link>https://example.org/p/1</link>');
    expect(rss).not.toContain('Private issue');
    expect(rss).not.toContain('newsletter:');
  });
});
