// Lines publishers append to every item that say nothing about it; an excerpt of them would crowd out the text.
const BOILERPLATE: readonly RegExp[] = [
  // WordPress (Yoast and others): "The post {title} appeared first on {site}."
  /\s*The post (?:(?!The post ).)+? appeared first on .+$/s,
  // Reddit: "submitted by /u/name to r/sub [link] [comments]"
  /\s*submitted by .*?\[link\]\s*\[comments\]$/is,
  // Hacker News, news sites and link blogs: a closing link to the discussion, or a description that is only that.
  /(?:^|\s+)Comments$/,
];

/** Returns plain text without the boilerplate publishers append to every item (trimmed). */
export function withoutBoilerplate(text: string): string {
  return BOILERPLATE.reduce((rest, pattern) => rest.replace(pattern, ''), text).trim();
}
