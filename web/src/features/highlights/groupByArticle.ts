/** A group of the Highlights screen: an article and the viewer's highlights in it, newest first. */
export type ArticleGroup<H> = { articleId: string; highlights: H[] };

/**
 * The highlights (newest first) grouped by their article, the groups in the order of each article's newest
 * highlight: an article highlighted again comes back to the top with all its highlights under it.
 */
export function groupByArticle<H extends { readonly article: { readonly id: string } }>(highlights: readonly H[]): ArticleGroup<H>[] {
  const groups = new Map<string, ArticleGroup<H>>();
  for (const highlight of highlights) {
    const { id } = highlight.article;
    const group = groups.get(id) ?? { articleId: id, highlights: [] };
    group.highlights.push(highlight);
    groups.set(id, group);
  }
  return [...groups.values()];
}
