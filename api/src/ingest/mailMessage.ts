// The mail stage: a newsletter's message (MIME, as SMTP delivers it, or as Postmark's webhook describes it) → what a
// feed article is made of. No database. Attachments are never kept: a newsletter is its HTML or text part.
import { simpleParser, type AddressObject } from 'mailparser';
import { escapeHtml } from './escapeHtml.ts';
import { EXCERPT_LENGTH, truncateText } from './normalise.ts';
import { collapseWhitespace, deepestNesting, NESTING_MAX, plainText, safeHttpUrl, sanitiseHtml, TOO_DEEP } from './sanitise.ts';

/** A message as the newsletters domain reads it, whichever way it came in. */
export type MailMessage = {
  from: { name: string; address: string };
  subject: string;
  /** The HTML part, else null (then `text`). */
  html: string | null;
  text: string;
  /** The Date header; null when missing or unreadable. */
  date: Date | null;
  /** The Message-ID (without angle brackets); null when missing. */
  messageId: string | null;
  /** The List-Id's identifier (`<news.example.org>` → `news.example.org`); null without one. */
  listId: string | null;
  /** List-Unsubscribe's first https address, else its first mailto: address. */
  unsubscribeUrl: string | null;
  /** Archived-At: the issue's web version, when the sender gives it. */
  archivedAt: string | null;
};

/** Parts larger than this are not shown: the text part stands in for an HTML part that large. */
export const MAIL_HTML_MAX = 2 * 1024 * 1024;
export const MAIL_TEXT_MAX = 512 * 1024;

/** A subject longer than this is cut (it becomes the article's title), and a sender's name (the feed's title). */
export const MAIL_SUBJECT_MAX = 500;
export const MAIL_NAME_MAX = 200;

/** A header's text on one line, cut at `max` characters. */
function headerText(text: string, max: number): string {
  return truncateText(collapseWhitespace(text), max);
}

/** Reads a raw MIME message. Malformed or oddly encoded input yields what could be read, never an exception. */
export async function readMimeMessage(raw: Buffer): Promise<MailMessage> {
  const parsed = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: MAIL_HTML_MAX,
  });
  // The raw lines: mailparser folds the List-* headers into a structure of its own.
  const header = (name: string): string | null => {
    const line = parsed.headerLines.find((entry) => entry.key === name)?.line;
    return line === undefined
      ? null
      : line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim();
  };
  const from = firstAddress(parsed.from);
  return {
    from,
    subject: headerText(parsed.subject ?? '', MAIL_SUBJECT_MAX),
    html: typeof parsed.html === 'string' && parsed.html.length <= MAIL_HTML_MAX ? parsed.html : null,
    text: (parsed.text ?? '').slice(0, MAIL_TEXT_MAX),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    messageId: parsed.messageId ? parsed.messageId.replace(/^<|>$/g, '') : null,
    listId: listIdOf(header('list-id')),
    unsubscribeUrl: unsubscribeAddress(header('list-unsubscribe')),
    archivedAt: safeHttpUrl(header('archived-at')?.replace(/^<|>$/g, '') ?? null, null),
  };
}

function firstAddress(from: AddressObject | undefined): { name: string; address: string } {
  const first = from?.value[0];
  return { name: headerText(first?.name ?? '', MAIL_NAME_MAX), address: (first?.address ?? '').trim().toLowerCase().slice(0, 320) };
}

/** `Example News <news.example.org>` → `news.example.org` (RFC 2919). */
export function listIdOf(value: string | null): string | null {
  const id = value?.match(/<([^<>\s]+)>/)?.[1] ?? value?.trim().match(/^[^\s<>]+$/)?.[0];
  return id ? id.toLowerCase().slice(0, 255) : null;
}

/** The first https (else http) address of a List-Unsubscribe header, else its first mailto: (RFC 2369). */
export function unsubscribeAddress(value: string | null): string | null {
  const addresses = [...(value ?? '').matchAll(/<([^<>]+)>/g)].map((match) => match[1]!.trim());
  const web = addresses.map((address) => safeHttpUrl(address, null)).find((url) => url !== null);
  if (web) return web;
  const mail = addresses.find((address) => /^mailto:[^\s@]+@[^\s@]+/i.test(address));
  return mail ? mail.slice(0, 2048) : null;
}

const WEB_VERSION = /\b(view|read|open|see)\b[^<]{0,30}\b(browser|online|web( version)?|on the web|website)\b|\bweb version\b/i;

/** The issue's web version: Archived-At, else the first link whose text says so ("View in browser", "Read online"). */
export function webVersionOf(message: Pick<MailMessage, 'html' | 'archivedAt'>): string | null {
  if (message.archivedAt) return message.archivedAt;
  for (const match of (message.html ?? '').matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]{0,300}?)<\/a>/gi)) {
    if (WEB_VERSION.test(plainText(match[2]!))) {
      const url = safeHttpUrl(match[1]!.replace(/&amp;/g, '&'), null);
      if (url) return url;
    }
  }
  return null;
}

/**
 * An issue as an article is stored: sanitised HTML, else the text part as paragraphs (no HTML part, or one nested
 * deeper than the sanitiser takes), and its excerpt.
 */
export function issueContent(message: Pick<MailMessage, 'html' | 'text'>): { content: string; contentText: string; excerpt: string } {
  const html = message.html !== null && deepestNesting(message.html) <= NESTING_MAX ? message.html : null;
  const content = sanitiseHtml(html ?? (textAsParagraphs(message.text) || TOO_DEEP), null);
  const contentText = plainText(content);
  return { content, contentText, excerpt: truncateText(contentText, EXCERPT_LENGTH) };
}

function textAsParagraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

type PostmarkAddress = { Email?: unknown; Name?: unknown };

/**
 * A message as Postmark's inbound webhook describes it (JSON: FromFull, Subject, HtmlBody, TextBody, Headers, …) and
 * the addresses it was sent to (ToFull, CcFull, BccFull and OriginalRecipient). Fields of the wrong type read as
 * missing; attachments are not read.
 */
export function readPostmarkMessage(body: unknown): { recipients: string[]; message: MailMessage } {
  const json = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const addresses = (value: unknown) =>
    (Array.isArray(value) ? (value as PostmarkAddress[]) : []).map((address) => text(address?.Email).trim()).filter(Boolean);
  const headers = Array.isArray(json.Headers) ? (json.Headers as { Name?: unknown; Value?: unknown }[]) : [];
  const header = (name: string) => text(headers.find((h) => text(h?.Name).toLowerCase() === name)?.Value) || null;
  const from = (json.FromFull ?? {}) as PostmarkAddress;
  const html = text(json.HtmlBody);
  const date = new Date(text(json.Date));
  const recipients = [
    ...addresses(json.ToFull),
    ...addresses(json.CcFull),
    ...addresses(json.BccFull),
    text(json.OriginalRecipient).trim(),
  ];
  return {
    recipients: [...new Set(recipients.filter(Boolean).map((address) => address.toLowerCase()))],
    message: {
      from: {
        name: headerText(text(from.Name) || text(json.FromName), MAIL_NAME_MAX),
        address: (text(from.Email) || text(json.From)).trim().toLowerCase().slice(0, 320),
      },
      subject: headerText(text(json.Subject), MAIL_SUBJECT_MAX),
      html: html && html.length <= MAIL_HTML_MAX ? html : null,
      text: text(json.TextBody).slice(0, MAIL_TEXT_MAX),
      date: Number.isNaN(date.getTime()) ? null : date,
      messageId: (header('message-id') ?? text(json.MessageID)).replace(/^<|>$/g, '') || null,
      listId: listIdOf(header('list-id')),
      unsubscribeUrl: unsubscribeAddress(header('list-unsubscribe')),
      archivedAt: safeHttpUrl(header('archived-at')?.replace(/^<|>$/g, '') ?? null, null),
    },
  };
}
