// OPML import and export as pure functions (OPML 2.0, http://opml.org/spec2.opml). Imported files are
// hostile (DESIGN "Untrusted content"): size and count are capped before and during parsing, entity
// declarations are refused outright, and only http(s) feed URLs are kept.
import { Parser } from 'htmlparser2';
import { decodeFeedBody, stripIllegalXmlChars } from './decode.ts';

export interface OpmlFeed {
  url: string;
  title: string;
  siteUrl?: string | null;
}

export interface OpmlFolder {
  name: string;
  feeds: OpmlFeed[];
}

/** A feed listed again after its first outline, and the folder it was kept in (null: at the top level). */
export interface OpmlRepeat {
  url: string;
  keptIn: string | null;
}

/**
 * Subscriptions grouped the way Tidings groups them: one level of folders, plus feeds outside any folder. A feed is
 * kept where it is first listed; its later outlines (another category) are in `repeats`, so an import can say so.
 */
export interface OpmlDocument {
  title?: string | null;
  dateCreated?: Date | null;
  folders: OpmlFolder[];
  rootFeeds: OpmlFeed[];
  repeats?: OpmlRepeat[];
}

/** Thrown for input that is not an OPML file Tidings will import; `message` is fit to show to the user. */
export class OpmlError extends Error {
  override readonly name = 'OpmlError';
}

export const OPML_MAX_BYTES = 1024 * 1024;
export const OPML_MAX_FEEDS = 1000;

interface Frame {
  name: string;
  /** The top-level folder this outline files its feeds under, or null at the root. */
  folder: OpmlFolder | null;
}

/** Parses OPML 1.0/2.0 into folders and root feeds; deeper folders are flattened into their top-level folder; throws OpmlError. */
export function parseOpml(input: string | Buffer): OpmlDocument {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > OPML_MAX_BYTES) throw new OpmlError(`This OPML file is too large (the limit is ${OPML_MAX_BYTES / 1024 / 1024} MB)`);
  const text = stripIllegalXmlChars(typeof input === 'string' ? input : decodeFeedBody(input, null).text);
  // Entity declarations are how XXE and billion-laughs attacks start; no real OPML file needs one.
  if (/<!ENTITY/i.test(text)) throw new OpmlError('This OPML file declares XML entities, which Tidings does not accept');

  const folders: OpmlFolder[] = [];
  const rootFeeds: OpmlFeed[] = [];
  const repeats: OpmlRepeat[] = [];
  /** Each feed's address and the folder it was kept in. */
  const seen = new Map<string, OpmlFolder | null>();
  const stack: Frame[] = [];
  let root: string | null = null;
  let inBody = false;
  let inTitle = false;
  let title = '';
  let broken: string | null = null;
  let feedCount = 0;

  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        const name = rawName.toLowerCase();
        const parent = stack[stack.length - 1];
        if (root === null) root = name;
        if (name === 'body' && parent?.name === 'opml') inBody = true;
        if (name === 'title' && parent?.name === 'head') inTitle = true;
        let folder = parent?.folder ?? null;
        if (name === 'outline' && inBody) {
          // Exporters spell the address xmlUrl, xmlURL, xmlurl or url: attribute names are read in any case.
          const attributes = new Map(Object.entries(attribs).map(([key, value]) => [key.toLowerCase(), value.trim()]));
          const attr = (key: string): string => attributes.get(key) || '';
          const label = attr('text') || attr('title');
          const address = attr('xmlurl') || attr('url');
          if (address) {
            const url = httpUrl(address);
            if (url && seen.has(url)) {
              repeats.push({ url, keptIn: seen.get(url)?.name ?? null });
            } else if (url) {
              seen.set(url, folder);
              feedCount++;
              if (feedCount > OPML_MAX_FEEDS) throw new OpmlError(`This OPML file lists more than ${OPML_MAX_FEEDS} feeds`);
              const feed: OpmlFeed = { url, title: label || new URL(url).hostname, siteUrl: httpUrl(attr('htmlurl')) };
              (folder ? folder.feeds : rootFeeds).push(feed);
            }
          } else if (folder === null) {
            // Only the outermost folder outline becomes a Tidings folder; deeper ones file into it.
            folder = { name: label || 'Untitled folder', feeds: [] };
            folders.push(folder);
          }
        }
        stack.push({ name, folder });
      },
      onclosetag(rawName, isImplied) {
        const name = rawName.toLowerCase();
        // htmlparser2 reports self-closing tags as implied closes too; only a missing end tag is broken.
        const selfClosing = text.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if (isImplied && !selfClosing && broken === null) broken = `<${name}> is never closed`;
        if (name === 'body') inBody = false;
        if (name === 'title') inTitle = false;
        stack.pop();
      },
      ontext(chunk) {
        if (inTitle) title += chunk;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  try {
    parser.write(text);
    parser.end();
  } catch (error) {
    if (error instanceof OpmlError) throw error;
    throw new OpmlError('This file is not valid XML', { cause: error });
  }
  if (root !== 'opml') throw new OpmlError('This is not an OPML file');
  if (broken) throw new OpmlError(`This OPML file is not valid XML: ${broken}`);
  return {
    title: title.trim() || null,
    folders: folders.filter((f) => f.feeds.length > 0),
    rootFeeds,
    repeats,
  };
}

function httpUrl(value: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Escapes text for an XML attribute or element: markup characters and line breaks as references, illegal characters removed. */
export function escapeXml(text: string): string {
  return stripIllegalXmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

function feedOutline(feed: OpmlFeed, indent: string): string {
  const title = escapeXml(feed.title || feed.url);
  const site = feed.siteUrl ? ` htmlUrl="${escapeXml(feed.siteUrl)}"` : '';
  return `${indent}<outline type="rss" text="${title}" title="${title}" xmlUrl="${escapeXml(feed.url)}"${site}/>`;
}

/** Returns an OPML 2.0 document (UTF-8) listing every folder and feed, with all text XML-escaped. */
export function exportOpml(doc: OpmlDocument): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${escapeXml(doc.title ?? 'Tidings subscriptions')}</title>`,
    ...(doc.dateCreated ? [`    <dateCreated>${doc.dateCreated.toUTCString()}</dateCreated>`] : []),
    '  </head>',
    '  <body>',
  ];
  for (const folder of doc.folders) {
    const name = escapeXml(folder.name);
    lines.push(`    <outline text="${name}" title="${name}">`);
    for (const feed of folder.feeds) lines.push(feedOutline(feed, '      '));
    lines.push('    </outline>');
  }
  for (const feed of doc.rootFeeds) lines.push(feedOutline(feed, '    '));
  lines.push('  </body>', '</opml>', '');
  return lines.join('\n');
}
