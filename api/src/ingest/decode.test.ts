import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeFeedBody, decodeHtmlBody, stripIllegalXmlChars } from './decode.ts';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));

describe('decodeHtmlBody', () => {
  const latin1Page = (head: string) =>
    Buffer.concat([Buffer.from(`<html><head>${head}<title>`), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from('</title>')]);

  it.each([
    ['<meta charset="ISO-8859-1">', 'meta charset'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">', 'http-equiv Content-Type'],
  ])('reads the encoding a page names in %s (%s) when HTTP names none', (head) => {
    expect(decodeHtmlBody(latin1Page(head), 'text/html')).toMatchObject({ charset: 'windows-1252', source: 'meta' });
    expect(decodeHtmlBody(latin1Page(head), 'text/html').text).toContain('<title>Café</title>');
  });

  it('lets the HTTP charset win over the page, and ignores a meta UTF-16 or an unknown label', () => {
    expect(decodeHtmlBody(latin1Page('<meta charset="utf-8">'), 'text/html; charset=iso-8859-1').source).toBe('http');
    expect(decodeHtmlBody(Buffer.from('<meta charset="utf-16"><p>é</p>'), null)).toMatchObject({ charset: 'utf-8', source: 'default' });
    expect(decodeHtmlBody(Buffer.from('<meta charset="x-klingon"><p>é</p>'), null)).toMatchObject({
      text: '<meta charset="x-klingon"><p>é</p>',
    });
  });
});

describe('decodeFeedBody', () => {
  it('reads UTF-16 little- and big-endian bodies from their byte order mark', () => {
    for (const name of ['rss2-utf-16le-bom.xml', 'rss2-utf-16be-bom.xml']) {
      const decoded = decodeFeedBody(fixture(name), 'application/xml');
      expect(decoded.source).toBe('bom');
      expect(decoded.text).toContain('Grüße aus Köln – naïve café');
      expect(decoded.text.charCodeAt(0)).not.toBe(0xfeff);
    }
  });

  it.each([
    ['rss2-utf-32le-bom.xml', 'utf-32le', 'bom'],
    ['rss2-utf-32be-bom.xml', 'utf-32be', 'bom'],
    ['rss2-utf-32le-no-bom-declared.xml', 'utf-32le', 'sniffed'],
    ['rss2-utf-32be-no-bom-undeclared.xml', 'utf-32be', 'sniffed'],
    ['rss2-utf-16le-no-bom-declared.xml', 'utf-16le', 'sniffed'],
    ['rss2-utf-16be-no-bom-undeclared.xml', 'utf-16be', 'sniffed'],
  ])('reads %s as %s from its %s, whatever the HTTP header claims', (name, charset, source) => {
    const decoded = decodeFeedBody(fixture(name), 'text/xml; charset=iso-8859-1');
    expect(decoded).toMatchObject({ charset, source });
    expect(decoded.text).toContain('Grüße aus Köln – naïve café');
  });

  it('lets the HTTP charset win over the XML declaration (RFC 7303 §8.1)', () => {
    const decoded = decodeFeedBody(fixture('rss2-http-charset-wins-over-xml-declaration.xml'), 'application/xml; charset=windows-1252');
    expect(decoded).toMatchObject({ charset: 'windows-1252', source: 'http' });
    expect(decoded.text).toContain('Ünïcödé feed — “quotes” €');
  });

  it('lets a UTF-8 byte order mark win over the charset the XML declaration claims', () => {
    const decoded = decodeFeedBody(fixture('rss2-bom-wins-over-declared-charset.xml'), 'text/xml; charset=iso-8859-1');
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'bom' });
    expect(decoded.text).toContain('“quotes” €');
  });

  it('uses the HTTP charset when the document declares none (windows-1252)', () => {
    const decoded = decodeFeedBody(fixture('rss2-windows-1252.xml'), 'application/rss+xml; charset="Windows-1252"');
    expect(decoded.source).toBe('http');
    expect(decoded.text).toContain('Ünïcödé feed — “quotes” €');
  });

  it('uses the encoding of the XML declaration when HTTP says nothing (ISO-8859-1)', () => {
    const decoded = decodeFeedBody(fixture('rss2-iso-8859-1.xml'), 'text/xml');
    expect(decoded.source).toBe('xml-declaration');
    expect(decoded.text).toContain('Déjà vu ½ price');
  });

  it('falls back to UTF-8 for unknown charset labels', () => {
    const decoded = decodeFeedBody(Buffer.from('<rss>é</rss>'), 'text/xml; charset=x-klingon');
    expect(decoded).toMatchObject({ charset: 'utf-8', text: '<rss>é</rss>' });
  });
});

describe('charsetFromContentType', () => {
  it('reads quoted, unquoted and absent charsets', () => {
    expect(charsetFromContentType('text/xml; charset="UTF-8"')).toBe('utf-8');
    expect(charsetFromContentType('text/xml;charset=windows-1252; foo=bar')).toBe('windows-1252');
    expect(charsetFromContentType('text/xml')).toBeNull();
    expect(charsetFromContentType(null)).toBeNull();
  });
});

describe('stripIllegalXmlChars', () => {
  it('removes C0 controls, DEL and lone surrogates but keeps tabs, newlines and astral characters', () => {
    expect(stripIllegalXmlChars('a\u0000b\u0007c\u000bd\u001be\u007ff\tg\nh\r😀\ud800')).toBe('abcdef\tg\nh\r😀');
  });
});
