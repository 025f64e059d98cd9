import { InvalidInputError } from '../core/errors.ts';
import { allPages } from '../core/pages.ts';
import type { Services, Viewer } from '../core/services.ts';
import { HIGHLIGHT_PAGE_MAX, listHighlights, type HighlightWithArticle } from './highlights.ts';

export const HIGHLIGHT_EXPORT_FORMATS = ['markdown', 'json'] as const;
export type HighlightExportFormat = (typeof HIGHLIGHT_EXPORT_FORMATS)[number];

/** A file of the viewer's highlights: its name, type and text. */
export type HighlightExport = { filename: string; contentType: string; text: string };

/**
 * Every highlight of the viewer as a file: Markdown (one section per article, newest article first, each passage a
 * quote with its note, the article linked) or JSON in the W3C Web Annotation data model (an array of annotations,
 * each targeting its article by a TextQuoteSelector and, when known, a TextPositionSelector).
 */
export async function exportHighlights(services: Services, viewer: Viewer, format: unknown): Promise<HighlightExport> {
  if (!HIGHLIGHT_EXPORT_FORMATS.includes(format as HighlightExportFormat)) {
    throw new InvalidInputError(`format must be one of ${HIGHLIGHT_EXPORT_FORMATS.join(', ')}`);
  }
  const highlights = await allPages((after) => listHighlights(services, viewer, { first: HIGHLIGHT_PAGE_MAX, after }));
  const site = services.config.publicUrl.replace(/\/$/, '');
  const day = new Date().toISOString().slice(0, 10);
  if (format === 'json') {
    return {
      filename: `tidings-highlights-${day}.json`,
      contentType: 'application/ld+json; charset=utf-8',
      text: `${JSON.stringify(
        highlights.map((highlight) => annotation(highlight, site)),
        null,
        2,
      )}\n`,
    };
  }
  return { filename: `tidings-highlights-${day}.md`, contentType: 'text/markdown; charset=utf-8', text: markdown(highlights, site) };
}

function articleAddress(highlight: HighlightWithArticle, site: string): string {
  return highlight.article.url ?? `${site}/article/${highlight.articleId}`;
}

/** One highlight as a W3C Web Annotation (https://www.w3.org/TR/annotation-model/). */
function annotation(highlight: HighlightWithArticle, site: string) {
  const selectors: object[] = [{ type: 'TextQuoteSelector', exact: highlight.exact, prefix: highlight.prefix, suffix: highlight.suffix }];
  if (highlight.start !== null && highlight.end !== null)
    selectors.push({ type: 'TextPositionSelector', start: highlight.start, end: highlight.end });
  return {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    id: `${site}/api/highlights/${highlight.id}`,
    type: 'Annotation',
    motivation: highlight.note ? 'commenting' : 'highlighting',
    created: highlight.createdAt.toISOString(),
    modified: highlight.updatedAt.toISOString(),
    ...(highlight.note && { body: { type: 'TextualBody', value: highlight.note, format: 'text/plain' } }),
    target: { source: articleAddress(highlight, site), selector: selectors },
  };
}

/**
 * The highlights grouped by article, as Markdown. Passages and notes keep their words as written (a search finds
 * them); only `<` is written as `&lt;`, so that no renderer takes a note's markup for HTML.
 */
function markdown(highlights: HighlightWithArticle[], site: string): string {
  const byArticle = new Map<string, HighlightWithArticle[]>();
  for (const highlight of highlights) byArticle.set(highlight.articleId, [...(byArticle.get(highlight.articleId) ?? []), highlight]);
  const sections = [...byArticle.values()].map((group) => {
    const [first] = group;
    const title = asText(first!.article.title || 'Untitled').replace(/[[\]]/g, (char) => `\\${char}`);
    const passages = [...group]
      .sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.createdAt.getTime() - b.createdAt.getTime())
      .map((highlight) => {
        const quote = asText(highlight.exact.trim())
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n');
        return highlight.note ? `${quote}\n\n${asText(highlight.note)}` : quote;
      });
    return [`## [${title}](<${articleAddress(first!, site)}>)`, `*${asText(first!.article.feedTitle)}*`, ...passages].join('\n\n');
  });
  return `# Highlights\n\n${sections.join('\n\n')}\n`;
}

function asText(text: string): string {
  return text.replace(/</g, '&lt;');
}
