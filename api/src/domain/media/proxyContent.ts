// Rewrites the media of stored (already sanitised) article HTML to the proxy at read time, so changing MEDIA_PROXY
// changes what every client gets without touching stored articles.
import sanitize from 'sanitize-html';
import { mediaAddress, type MediaProxy } from './mediaAddress.ts';

// The attributes that make the browser load media; links (href) are the reader's to follow, not to proxy.
const MEDIA_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src', 'srcset'],
};

function proxiedSrcset(srcset: string, proxy: MediaProxy): string {
  return srcset
    .split(/,\s+/)
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [mediaAddress(url, proxy), ...descriptor].join(' ');
    })
    .join(', ');
}

// Whether stored HTML (which always quotes with ") may hold an address to rewrite: most articles hold none, and
// skip the parse.
const MAY_NEED_PROXY: Record<MediaProxy['mode'], RegExp | null> = {
  'http-only': /\s(?:src|srcset|poster)="[^"]*http:\/\//i,
  all: /\s(?:src|srcset|poster)="/i,
  off: null,
};

/** `html` (sanitised) with every image, sound, video and poster address as `mediaAddress` gives it. */
export function proxyContent(html: string, proxy: MediaProxy): string {
  if (!MAY_NEED_PROXY[proxy.mode]?.test(html)) return html;
  const transformTags = Object.fromEntries(
    Object.entries(MEDIA_ATTRIBUTES).map(([tag, names]): [string, sanitize.Transformer] => [
      tag,
      (tagName, attribs) => {
        const out = { ...attribs };
        for (const name of names) {
          const value = out[name];
          if (value !== undefined) out[name] = name === 'srcset' ? proxiedSrcset(value, proxy) : mediaAddress(value, proxy);
        }
        return { tagName, attribs: out };
      },
    ]),
  );
  // Everything passes (the HTML was sanitised when stored, so it holds no script or style for sanitize-html to warn
  // about); only the media addresses change.
  return sanitize(html, { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true, transformTags });
}
