/**
 * The Markdown digests are written in, and its plain-text reading for e-mail. Digests use a small subset: `##`/`###`
 * headings, paragraphs, `- ` and `1. ` lists, `**bold**`, `*italic*`, links, and `<!-- -->` comment paragraphs
 * (kept for the record, never shown). Text from feeds and users is escaped, so it cannot add markup of its own.
 */

/** Text from a feed or a user, as literal Markdown text on one line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]()<>#!|~]/g, (character) => `\\${character}`);
}

/** A link to an article of the instance. */
export function articleLink(article: { id: string; title: string }): string {
  return `[${escapeMarkdown(article.title || 'Untitled article')}](/article/${article.id})`;
}

/** A link the digest screen turns into a subscribe button for the feed at `url`. */
export function subscribeLink(feed: { title: string; url: string }): string {
  const target = encodeURIComponent(feed.url).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `[${escapeMarkdown(feed.title || feed.url)}](subscribe:${target})`;
}

/** A paragraph that is kept in the content but never shown (spec part 2 §2: paragraphs that are comments are hidden). */
export function commentParagraph(text: string): string {
  return `<!-- ${text.replace(/--/g, '—')} -->`;
}

/**
 * The plain-text reading of a digest: comments out, headings underlined, links written out in full (articles as
 * addresses on `publicUrl`, feed suggestions as the feed's address), escapes removed.
 */
export function markdownToPlainText(markdown: string, publicUrl: string): string {
  const lines: string[] = [];
  for (const paragraph of markdown.split(/\n{2,}/)) {
    if (/^<!--[\s\S]*-->$/.test(paragraph.trim())) continue;
    for (const line of paragraph.split('\n')) {
      const heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) {
        const text = plainInline(heading[2]!, publicUrl);
        lines.push(text, (heading[1]!.length <= 2 ? '=' : '-').repeat(text.length));
      } else lines.push(plainInline(line, publicUrl));
    }
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

function plainInline(text: string, publicUrl: string): string {
  return text
    .replace(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g, (_match, label: string, target: string) => {
      const address = target.startsWith('subscribe:') ? decodeURIComponent(target.slice('subscribe:'.length)) : `${publicUrl}${target}`;
      return `${label} <${address}>`;
    })
    .replace(/\*\*((?:\\.|[^*\\])+)\*\*/g, '$1')
    .replace(/\*((?:\\.|[^*\\])+)\*/g, '$1')
    .replace(/\\(.)/g, '$1');
}
