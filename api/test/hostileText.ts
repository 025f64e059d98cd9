/**
 * Text people and feeds may write, each trying to become markup where it is shown: an HTML element with a handler,
 * a script, the end of a CDATA section, an already-escaped element (decoded once too many), an attribute's end.
 */
export const MARKUP_INJECTIONS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  ']]><img src=x onerror=alert(2)>',
  '&lt;img src=x onerror=alert(3)&gt;',
  `"'><script>alert(4)</script>`,
] as const;
