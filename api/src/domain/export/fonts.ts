import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The PDF's fonts: Noto Sans from the bundled @fontsource packages, which split each script into files by Unicode
 * range (Latin, Cyrillic, Greek, …; Arabic; Simplified Chinese in ~100 parts that also hold kana). Every part is a
 * font family of its own, and a document lists, in order, only the parts its text needs, as react-pdf's fallback
 * families, so a page of English loads two small files and CJK text loads only the parts holding its characters.
 * The PDF then embeds a subset of each used font (pdfkit).
 */
export type FontFace = { family: string; file: string; italicFile: string; weight: 400 | 700; ranges: [number, number][] };

const require = createRequire(import.meta.url);

const PACKAGES = [
  // Latin first: it is the fallback for whatever no part claims (punctuation, digits, symbols).
  {
    name: '@fontsource/noto-sans',
    weights: [400, 700] as const,
    parts: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'],
  },
  { name: '@fontsource/noto-sans-arabic', weights: [400, 700] as const, parts: ['arabic'] },
  // One weight: ~100 parts per weight; headings in CJK use the regular weight.
  { name: '@fontsource/noto-sans-sc', weights: [400] as const, parts: null },
];

let faces: FontFace[] | null = null;

/** Every face the bundled packages offer, read from their CSS (`@font-face` blocks with a `unicode-range`). */
export function allFontFaces(): FontFace[] {
  faces ??= PACKAGES.flatMap((pkg) => {
    const dir = path.dirname(require.resolve(`${pkg.name}/package.json`));
    return pkg.weights.flatMap((weight) =>
      [...readFileSync(path.join(dir, `${weight}.css`), 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body]) => {
        const file = /url\(\.\/files\/([^)]+)\.woff2\)/.exec(body!)?.[1];
        const ranges = /unicode-range:\s*([^;]+);/.exec(body!)?.[1];
        if (!file || !ranges) return [];
        const part = file.replace(/^.*?-sans(-arabic|-sc)?-/, '').replace(/-\d00-normal$/, '');
        if (pkg.parts && !pkg.parts.includes(part)) return [];
        const italic = path.join(dir, 'files', `${file.replace(/-normal$/, '-italic')}.woff`);
        return [
          {
            family: `${pkg.name.replace('@fontsource/', '')}-${part}`,
            file: path.join(dir, 'files', `${file}.woff`),
            // Scripts without an italic face (Arabic, CJK) show their upright face where the text is emphasised.
            italicFile: existsSync(italic) ? italic : path.join(dir, 'files', `${file}.woff`),
            weight,
            ranges: parseRanges(ranges),
          },
        ];
      }),
    );
  });
  return faces;
}

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((range) => {
    const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

/**
 * The font families (react-pdf fallback order) that cover `text`: Latin always, then for each character the first
 * part (in package order) that holds it, so Latin text never pulls in a CJK part that also has Latin letters.
 */
export function familiesFor(text: string): string[] {
  const needed = new Set(['noto-sans-latin']);
  const seen = new Set<number>();
  // Latin first: its digits and punctuation are what the other scripts' text uses too.
  const faces = [...allFontFaces()].sort((a, b) => Number(b.family === 'noto-sans-latin') - Number(a.family === 'noto-sans-latin'));
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (seen.has(code)) continue;
    seen.add(code);
    const face = faces.find((candidate) => candidate.ranges.some(([from, to]) => code >= from && code <= to));
    if (face) needed.add(face.family);
  }
  return [...new Set(faces.map((face) => face.family))].filter((family) => needed.has(family));
}
