// Lines publishers append to every item that say nothing about it; an excerpt of them would crowd out the text.
// Each pattern comes with a literal test of what every match contains: the patterns end in `$` but the regular
// expression engine still tries them from every position of the text, and nearly no text has them.
const BOILERPLATE: readonly { mayHave: (text: string) => boolean; pattern: RegExp }[] = [
  // WordPress (Yoast and others): "The post {title} appeared first on {site}."
  { mayHave: (text) => text.includes(' appeared first on '), pattern: /\s*The post (?:(?!The post ).)+? appeared first on .+$/s },
  // Reddit: "submitted by /u/name to r/sub [link] [comments]"
  { mayHave: (text) => text.slice(-10).toLowerCase() === '[comments]', pattern: /\s*submitted by .*?\[link\]\s*\[comments\]$/is },
  // Hacker News, news sites and link blogs: a closing link to the discussion, or a description that is only that.
  { mayHave: (text) => text.endsWith('Comments'), pattern: /(?:^|\s+)Comments$/ },
];

/** Returns plain text without the boilerplate publishers append to every item (trimmed). */
export function withoutBoilerplate(text: string): string {
  return BOILERPLATE.reduce((rest, { mayHave, pattern }) => (mayHave(rest) ? rest.replace(pattern, '') : rest), text).trim();
}
