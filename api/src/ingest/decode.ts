// Character sets of fetched feed bodies. The precedence is the one browsers and Miniflux use (WHATWG
// Encoding "decode", RFC 7303 §8): a byte order mark wins, then the byte pattern of UTF-16/UTF-32 markup, then
// the HTTP Content-Type charset (over the XML declaration, RFC 7303 §8.1), then the XML declaration, then UTF-8.
import { Parser } from 'htmlparser2';
import iconv from 'iconv-lite';

/** The charset a body was decoded with and where that choice came from. */
export interface DecodedBody {
  text: string;
  charset: string;
  source: 'bom' | 'http' | 'xml-declaration' | 'meta' | 'sniffed' | 'default';
}

// UTF-32LE's mark starts with UTF-16LE's, so it is tried first.
const BOMS: { bytes: number[]; charset: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], charset: 'utf-8' },
  { bytes: [0xff, 0xfe, 0x00, 0x00], charset: 'utf-32le' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], charset: 'utf-32be' },
  { bytes: [0xff, 0xfe], charset: 'utf-16le' },
  { bytes: [0xfe, 0xff], charset: 'utf-16be' },
];

/** Returns the charset label in a Content-Type header (lower-cased, unquoted), or null when there is none. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType);
  return match?.[2] ? match[2].toLowerCase() : null;
}

/** Returns the encoding named in an XML declaration at the start of the bytes (read as ASCII), or null. */
export function charsetFromXmlDeclaration(body: Buffer): string | null {
  const head = body.subarray(0, 256).toString('latin1');
  const match = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match?.[1] ? match[1].toLowerCase() : null;
}

// WHATWG Encoding maps the Latin-1 labels to windows-1252 (feeds that say ISO-8859-1 very often hold
// 0x80–0x9F curly quotes and dashes); UTF-16 without a BOM is read little-endian unless sniffed otherwise.
function canonicalCharset(label: string): string | null {
  const lower = label.trim().toLowerCase();
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'l1', 'us-ascii', 'ascii', 'cp1252', 'windows-1252', 'x-cp1252'].includes(lower)) {
    return 'windows-1252';
  }
  if (lower === 'utf8' || lower === 'unicode-1-1-utf-8') return 'utf-8';
  if (lower === 'utf-16' || lower === 'unicode') return 'utf-16le';
  return iconv.encodingExists(lower) ? lower : null;
}

// An XML document without a BOM starts with ASCII markup ('<' or white space, XML 1.0 Appendix F): where its
// zero bytes fall tells UTF-32 and UTF-16 apart from ASCII-compatible encodings, whatever the labels claim.
function sniffWideEncoding(body: Buffer): string | null {
  if (body.length < 4) return null;
  const zero = [0, 1, 2, 3].map((i) => body[i] === 0x00);
  const pattern = zero.map((isZero) => (isZero ? '0' : 'x')).join('');
  const wide: Record<string, string> = { '000x': 'utf-32be', x000: 'utf-32le', '0x0x': 'utf-16be', x0x0: 'utf-16le' };
  return wide[pattern] ?? null;
}

// A wide label (UTF-16/32) on bytes the sniffing above found ASCII-compatible cannot be true.
const isWide = (charset: string): boolean => charset.startsWith('utf-16') || charset.startsWith('utf-32');

/** Decodes a feed body to a string, never throws: BOM > UTF-16/32 byte pattern > HTTP charset > XML declaration > UTF-8; unknown labels are skipped. */
export function decodeFeedBody(body: Buffer, contentType: string | null): DecodedBody {
  for (const bom of BOMS) {
    if (bom.bytes.every((byte, i) => body[i] === byte)) {
      return { text: iconv.decode(body.subarray(bom.bytes.length), bom.charset), charset: bom.charset, source: 'bom' };
    }
  }
  const sniffed = sniffWideEncoding(body);
  if (sniffed) return { text: iconv.decode(body, sniffed), charset: sniffed, source: 'sniffed' };
  const fromHttp = charsetFromContentType(contentType);
  const httpCharset = fromHttp ? canonicalCharset(fromHttp) : null;
  if (httpCharset && !isWide(httpCharset)) {
    return { text: iconv.decode(body, httpCharset), charset: httpCharset, source: 'http' };
  }
  const fromDeclaration = charsetFromXmlDeclaration(body);
  const declared = fromDeclaration ? canonicalCharset(fromDeclaration) : null;
  if (declared && !isWide(declared)) {
    return { text: iconv.decode(body, declared), charset: declared, source: 'xml-declaration' };
  }
  return { text: iconv.decode(body, 'utf-8'), charset: 'utf-8', source: 'default' };
}

/**
 * Decodes an HTML page as a feed body, except that when neither a BOM nor the HTTP header names the encoding, a
 * `<meta charset>` (or http-equiv Content-Type) in the first 1024 bytes does (WHATWG HTML's prescan).
 */
export function decodeHtmlBody(body: Buffer, contentType: string | null): DecodedBody {
  const decoded = decodeFeedBody(body, contentType);
  if (decoded.source !== 'default') return decoded;
  const label = metaCharset(body.subarray(0, 1024).toString('latin1'));
  const charset = label ? canonicalCharset(label) : null;
  // A page cannot name UTF-16 in bytes it could only read as ASCII (WHATWG: the prescan treats it as UTF-8).
  if (!charset || isWide(charset) || charset === 'utf-8') return decoded;
  return { text: iconv.decode(body, charset), charset, source: 'meta' };
}

function metaCharset(head: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found || name !== 'meta') return;
        if (attributes.charset) found = attributes.charset.trim().toLowerCase();
        else if ((attributes['http-equiv'] ?? '').toLowerCase() === 'content-type') found = charsetFromContentType(attributes.content);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(head);
  parser.end();
  return found;
}

// XML 1.0 §2.2 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. Lone surrogates
// and U+FFFE/U+FFFF are also illegal; C1 controls are legal but only ever mojibake in feeds.
const ILLEGAL_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes every character XML 1.0 forbids (NUL, C0 controls except tab/newline/return, DEL, lone surrogates, U+FFFE/F). */
export function stripIllegalXmlChars(text: string): string {
  return text.replace(ILLEGAL_XML_CHARS, '');
}
