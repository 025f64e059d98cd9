/**
 * The Markdown digests are written in, and its plain-text reading for e-mail. Digests use a small subset: `##`/`###`
 * headings, paragraphs, `- ` and `1. ` lists, `**bold**`, `*italic*`, links, and `<!-- -->` comment paragraphs
 * (kept for the record, never shown). Text from feeds and users is escaped, so it cannot add markup of its own.
 */

/**
 * Text from a feed or a user, as literal Markdown text on one line: every character that could open markup (a link,
 * an image, emphasis, code, raw HTML) is escaped, and so is an `&` that would start a character reference (`&lt;`).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]()<>#!|~]|&(?=#?[0-9A-Za-z]+;)/g, (character) => `\\${character}`);
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

/** A paragraph that is kept in the content but never shown: an HTML comment, which the digest view hides. */
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
  return markdownRuns(text)
    .map(({ text, target }) => {
      if (target === undefined) return text;
      return `${text} <${target.startsWith('subscribe:') ? (subscribeAddress(target) ?? '') : `${publicUrl}${target}`}>`;
    })
    .join('');
}

// One piece of a line, matched left to right so that an escaped character never opens anything: an escape, a link
// `[label](target)`, `**bold**` or `*italic*`.
const INLINE = /\\(.)|\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)|\*\*((?:\\.|[^*\\])+)\*\*|\*((?:\\.|[^*\\])+)\*/g;

/** A run of a line's shown text; a link's run has the link's target (`/article/…`, `subscribe:…`). */
export type MarkdownRun = { text: string; target?: string };

/**
 * A line of digest Markdown as the runs of text it shows: escapes resolved and emphasis markers dropped, for the
 * renderings that are not Markdown (plain-text e-mail, an export), where they would show as typed.
 */
export function markdownRuns(line: string): MarkdownRun[] {
  const runs: MarkdownRun[] = [];
  let text = '';
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    text += line.slice(at, match.index);
    at = match.index + match[0].length;
    const [, escaped, label, target, bold, italic] = match;
    if (escaped !== undefined) text += escaped;
    else if (target !== undefined) {
      if (text) runs.push({ text });
      text = '';
      runs.push({ text: markdownText(label!), target });
    } else text += markdownText(bold ?? italic!);
  }
  text += line.slice(at);
  if (text) runs.push({ text });
  return runs;
}

/** A line of digest Markdown as the plain text it shows. */
export function markdownText(line: string): string {
  return markdownRuns(line)
    .map((run) => run.text)
    .join('');
}

/** The feed address a `subscribe:` link target names; null for any other target. */
export function subscribeAddress(target: string): string | null {
  if (!target.startsWith('subscribe:')) return null;
  try {
    return decodeURIComponent(target.slice('subscribe:'.length));
  } catch {
    return null;
  }
}
