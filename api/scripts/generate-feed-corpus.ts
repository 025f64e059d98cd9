// Writes the generated part of the feed corpus (api/test/feed-corpus/generated/): one small feed per format, each
// varied one way at a time (structure, then character encoding), every file named for what it varies:
// `<format>--<structure>--<encoding>.<ext>`. Run with `npx tsx api/scripts/generate-feed-corpus.ts`; the files are
// committed, so the corpus test reads them without running this.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import iconv from 'iconv-lite';

const OUT = new URL('../test/feed-corpus/generated/', import.meta.url);

/** The text every variant carries, with characters outside ASCII so that a wrong decoding shows. */
const T = { feed: 'Grüße aus Köln', item: 'Café naïve – “quoted”', body: 'Déjà vu ½ price, <b>bold</b> & more' };

interface Shape {
  channelTitle: boolean;
  channelLink: boolean;
  itemTitle: boolean;
  itemLink: boolean;
  itemGuid: boolean;
  itemDate: boolean;
  items: number;
  body: 'escaped' | 'cdata' | 'none';
}

const FULL: Shape = {
  channelTitle: true,
  channelLink: true,
  itemTitle: true,
  itemLink: true,
  itemGuid: true,
  itemDate: true,
  items: 2,
  body: 'escaped',
};

const escaped = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const bodyOf = (shape: Shape, n: number) =>
  shape.body === 'none' ? '' : shape.body === 'cdata' ? `<![CDATA[<p>${T.body} ${n}</p>]]>` : escaped(`<p>${T.body} ${n}</p>`);
const range = (shape: Shape) => Array.from({ length: shape.items }, (_, i) => i + 1);
const when = (flag: boolean, text: string) => (flag ? text : '');

type Format = { name: string; ext: 'xml' | 'json'; render: (shape: Shape) => string };

const rss2 =
  (version: string): Format['render'] =>
  (s) =>
    `<rss version="${version}" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
${when(s.channelTitle, `<title>${T.feed}</title>`)}${when(s.channelLink, '<link>https://generated.example/</link>')}<description>Generated</description>
${range(s)
  .map(
    (n) => `<item>${when(s.itemTitle, `<title>${T.item} ${n}</title>`)}${when(s.itemLink, `<link>https://generated.example/${n}</link>`)}
${when(s.itemGuid, `<guid isPermaLink="false">generated-${n}</guid>`)}${when(s.itemDate, `<pubDate>Tue, 0${n} Jan 2024 10:00:00 GMT</pubDate>`)}
${when(s.body !== 'none', `<description>${bodyOf(s, n)}</description>`)}</item>`,
  )
  .join('\n')}
</channel></rss>`;

const rdf =
  (namespace: string): Format['render'] =>
  (s) =>
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="${namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://generated.example/">${when(s.channelTitle, `<title>${T.feed}</title>`)}${when(s.channelLink, '<link>https://generated.example/</link>')}<description>Generated</description></channel>
${range(s)
  .map(
    (
      n,
    ) => `<item rdf:about="https://generated.example/${n}">${when(s.itemTitle, `<title>${T.item} ${n}</title>`)}${when(s.itemLink, `<link>https://generated.example/${n}</link>`)}
${when(s.itemDate, `<dc:date>2024-01-0${n}T10:00:00Z</dc:date>`)}${when(s.body !== 'none', `<description>${bodyOf(s, n)}</description>`)}</item>`,
  )
  .join('\n')}
</rdf:RDF>`;

const atom =
  (version: '0.3' | '1.0'): Format['render'] =>
  (s) => {
    const ns = version === '1.0' ? 'http://www.w3.org/2005/Atom' : 'http://purl.org/atom/ns#';
    const date = (n: number) =>
      version === '1.0' ? `<updated>2024-01-0${n}T10:00:00Z</updated>` : `<issued>2024-01-0${n}T10:00:00Z</issued>`;
    const content = (n: number) =>
      s.body === 'none'
        ? ''
        : `<content type="${version === '1.0' ? 'html' : 'text/html'}"${version === '0.3' ? ' mode="escaped"' : ''}>${bodyOf(s, n)}</content>`;
    return `<feed xmlns="${ns}"${version === '0.3' ? ' version="0.3"' : ''}>
${when(s.channelTitle, `<title>${T.feed}</title>`)}${when(s.channelLink, '<link rel="alternate" type="text/html" href="https://generated.example/"/>')}<id>urn:generated</id>
${range(s)
  .map(
    (
      n,
    ) => `<entry>${when(s.itemTitle, `<title>${T.item} ${n}</title>`)}${when(s.itemLink, `<link rel="alternate" href="https://generated.example/${n}"/>`)}
${when(s.itemGuid, `<id>urn:generated:${n}</id>`)}${when(s.itemDate, date(n))}${content(n)}</entry>`,
  )
  .join('\n')}
</feed>`;
  };

const jsonFeed =
  (version: string): Format['render'] =>
  (s) =>
    JSON.stringify(
      {
        version,
        ...(s.channelTitle ? { title: T.feed } : {}),
        ...(s.channelLink ? { home_page_url: 'https://generated.example/' } : {}),
        items: range(s).map((n) => ({
          id: s.itemGuid ? `generated-${n}` : `https://generated.example/${n}`,
          ...(s.itemTitle ? { title: `${T.item} ${n}` } : {}),
          ...(s.itemLink ? { url: `https://generated.example/${n}` } : {}),
          ...(s.itemDate ? { date_published: `2024-01-0${n}T10:00:00Z` } : {}),
          ...(s.body === 'none' ? { content_text: '' } : { content_html: `<p>${T.body} ${n}</p>` }),
        })),
      },
      null,
      1,
    );

const FORMATS: Format[] = [
  { name: 'rss090', ext: 'xml', render: rdf('http://my.netscape.com/rdf/simple/0.9/') },
  { name: 'rss091', ext: 'xml', render: rss2('0.91') },
  { name: 'rss092', ext: 'xml', render: rss2('0.92') },
  { name: 'rss10', ext: 'xml', render: rdf('http://purl.org/rss/1.0/') },
  { name: 'rss20', ext: 'xml', render: rss2('2.0') },
  { name: 'atom03', ext: 'xml', render: atom('0.3') },
  { name: 'atom10', ext: 'xml', render: atom('1.0') },
  { name: 'jsonfeed10', ext: 'json', render: jsonFeed('https://jsonfeed.org/version/1') },
  { name: 'jsonfeed11', ext: 'json', render: jsonFeed('https://jsonfeed.org/version/1.1') },
];

/** Structural variants: each changes one thing of the full shape, or of its text after rendering. */
const STRUCTURES: { name: string; shape?: Partial<Shape>; text?: (xml: string) => string; xmlOnly?: boolean }[] = [
  { name: 'full' },
  { name: 'no-feed-title', shape: { channelTitle: false } },
  { name: 'no-feed-link', shape: { channelLink: false } },
  { name: 'no-feed-title-or-link', shape: { channelTitle: false, channelLink: false } },
  { name: 'items-without-title', shape: { itemTitle: false } },
  { name: 'items-without-link', shape: { itemLink: false } },
  { name: 'items-without-guid', shape: { itemGuid: false } },
  { name: 'items-without-date', shape: { itemDate: false } },
  { name: 'items-without-body', shape: { body: 'none' } },
  { name: 'items-with-only-a-body', shape: { itemTitle: false, itemLink: false, itemGuid: false, itemDate: false } },
  { name: 'body-in-cdata', shape: { body: 'cdata' }, xmlOnly: true },
  { name: 'no-items', shape: { items: 0 } },
  { name: 'one-item', shape: { items: 1 } },
  { name: 'nine-items', shape: { items: 9 } },
  { name: 'crlf-line-ends', text: (x) => x.replace(/\n/g, '\r\n') },
  { name: 'leading-white-space', text: (x) => `\n\n   ${x}` },
  { name: 'xml-declaration', text: (x) => `<?xml version="1.0"?>\n${x}`, xmlOnly: true },
  {
    name: 'stylesheet-and-comment',
    text: (x) => `<?xml-stylesheet type="text/xsl" href="/feed.xsl"?>\n<!-- generated -->\n${x}`,
    xmlOnly: true,
  },
  {
    name: 'doctype-netscape-rss091',
    text: (x) =>
      `<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n${x}`,
    xmlOnly: true,
  },
  {
    name: 'html-entities-undeclared',
    text: (x) => x.replace('Generated<', 'Gener&eacute;ted&nbsp;&mdash;<').replace(/(<title>[^<]*) 1</, '$1&nbsp;&hellip;<'),
    xmlOnly: true,
  },
  { name: 'control-characters', text: (x) => x.replace(/(<title>[^<]*)</, '$1\u0001\u000b<') },
  { name: 'unclosed-tag-ill-formed', text: (x) => x.replace(/<\/title>/, ''), xmlOnly: true },
  { name: 'truncated-ill-formed', text: (x) => x.slice(0, Math.floor(x.length * 0.8)) },
];

/** Encodings: each decl is what the XML declaration says (null: no declaration). */
const ENCODINGS: { name: string; charset: string; bom?: number[]; decl: string | null; jsonToo?: boolean }[] = [
  { name: 'utf-8', charset: 'utf-8', decl: null, jsonToo: true },
  { name: 'utf-8-declared', charset: 'utf-8', decl: 'UTF-8' },
  { name: 'utf-8-bom', charset: 'utf-8', bom: [0xef, 0xbb, 0xbf], decl: 'utf-8', jsonToo: true },
  { name: 'utf-16le-bom', charset: 'utf-16le', bom: [0xff, 0xfe], decl: 'UTF-16' },
  { name: 'utf-16be-bom', charset: 'utf-16be', bom: [0xfe, 0xff], decl: 'UTF-16' },
  { name: 'utf-16le-bom-undeclared', charset: 'utf-16le', bom: [0xff, 0xfe], decl: null },
  { name: 'utf-16le-declared-no-bom', charset: 'utf-16le', decl: 'UTF-16LE' },
  { name: 'utf-16be-declared-no-bom', charset: 'utf-16be', decl: 'UTF-16BE' },
  { name: 'utf-16le-detected-no-bom', charset: 'utf-16le', decl: null },
  { name: 'utf-16be-detected-no-bom', charset: 'utf-16be', decl: null },
  { name: 'utf-32le-bom', charset: 'utf-32le', bom: [0xff, 0xfe, 0x00, 0x00], decl: 'UTF-32' },
  { name: 'utf-32be-bom', charset: 'utf-32be', bom: [0x00, 0x00, 0xfe, 0xff], decl: 'UTF-32' },
  { name: 'utf-32le-declared-no-bom', charset: 'utf-32le', decl: 'UTF-32LE' },
  { name: 'utf-32be-detected-no-bom', charset: 'utf-32be', decl: null },
  { name: 'iso-8859-1-declared', charset: 'iso-8859-1', decl: 'ISO-8859-1' },
  { name: 'windows-1252-declared', charset: 'windows-1252', decl: 'windows-1252' },
  { name: 'iso-8859-15-declared', charset: 'iso-8859-15', decl: 'iso-8859-15' },
  { name: 'us-ascii-with-character-references', charset: 'ascii', decl: 'us-ascii' },
];

function encode(text: string, encoding: (typeof ENCODINGS)[number]): Buffer {
  const withReferences =
    encoding.charset === 'ascii' ? text.replace(/[^\x00-\x7f]/gu, (c) => `&#x${c.codePointAt(0)?.toString(16)};`) : text;
  const declared = encoding.decl === null ? withReferences : `<?xml version="1.0" encoding="${encoding.decl}"?>\n${withReferences}`;
  return Buffer.concat([
    Buffer.from(encoding.bom ?? []),
    iconv.encode(declared, encoding.charset === 'ascii' ? 'utf-8' : encoding.charset),
  ]);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
let written = 0;
const write = (name: string, bytes: Buffer) => {
  writeFileSync(new URL(name, OUT), bytes);
  written += 1;
};
for (const format of FORMATS) {
  for (const structure of STRUCTURES) {
    if (structure.xmlOnly && format.ext === 'json') continue;
    const text = (structure.text ?? ((x: string) => x))(format.render({ ...FULL, ...structure.shape }));
    write(`${format.name}--${structure.name}--utf-8.${format.ext}`, Buffer.from(text));
  }
  // Every encoding of the full and of a minimal shape; the structural variants above stay in UTF-8.
  for (const structure of ['full', 'items-with-only-a-body', 'no-feed-title-or-link']) {
    const shape = STRUCTURES.find((s) => s.name === structure)?.shape;
    const text = format.render({ ...FULL, ...shape });
    for (const encoding of ENCODINGS) {
      if (encoding.name === 'utf-8') continue; // written above
      if (format.ext === 'json' && !encoding.jsonToo) continue;
      write(
        `${format.name}--${structure}--${encoding.name}.${format.ext}`,
        format.ext === 'json' ? Buffer.concat([Buffer.from(encoding.bom ?? []), Buffer.from(text)]) : encode(text, encoding),
      );
    }
  }
}
console.log(`wrote ${written} files to ${OUT.pathname}`);
