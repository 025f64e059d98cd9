import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The PDF's fonts: Noto Sans from the bundled @fontsource packages, which split each script into files by Unicode
 * range (Latin, Cyrillic, Greek, …; Arabic; Simplified Chinese in ~100 parts that also hold kana). Every part is a
 * face of its own: text is set in runs, each in the part that holds its characters (fontRuns), so a page of English
 * reads two small files and CJK text only the parts holding its characters. The PDF embeds a subset of each face it
 * uses (pdfkit), never a whole font.
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

/** A stretch of text and the font file that sets it. */
export type FontRun = { file: string; text: string };

const faceOfCode = new Map<number, FontFace>();

/** The regular face of the first part (Latin first, then package order) holding `code`; Latin when none does. */
function faceFor(code: number): FontFace {
  let face = faceOfCode.get(code);
  if (!face) {
    const regular = allFontFaces().filter((candidate) => candidate.weight === 400);
    // Latin first: its digits and punctuation are what the other scripts' text uses too.
    const latin = regular.find((candidate) => candidate.family === 'noto-sans-latin')!;
    face = [latin, ...regular].find((candidate) => candidate.ranges.some(([from, to]) => code >= from && code <= to)) ?? latin;
    faceOfCode.set(code, face);
  }
  return face;
}

/**
 * Splits `text` into runs that one face each can set, in the weight and style asked for where the part has them
 * (Arabic and CJK have no italic, CJK no bold). A space stays in the run it is in, so a line of Arabic is one run
 * that the font engine shapes and orders right to left as a whole.
 */
export function fontRuns(text: string, bold: boolean, italic: boolean): FontRun[] {
  const runs: { family: string; text: string }[] = [];
  // Most text is plain ASCII, which the Latin part holds: one run, without looking at each character.
  if (/^[\x00-\x7f]+$/.test(text)) runs.push({ family: 'noto-sans-latin', text });
  else
    for (const char of text) {
      const last = runs.at(-1);
      const family = last && /\s/.test(char) ? last.family : faceFor(char.codePointAt(0)!).family;
      if (last?.family === family) last.text += char;
      else runs.push({ family, text: char });
    }
  return runs.map(({ family, text: part }) => {
    const faces = facesOf(family);
    const face = (bold && faces.find((candidate) => candidate.weight === 700)) || faces.find((candidate) => candidate.weight === 400)!;
    return { file: italic ? face.italicFile : face.file, text: part };
  });
}

let byFamily: Map<string, FontFace[]> | null = null;

function facesOf(family: string): FontFace[] {
  if (!byFamily) {
    byFamily = new Map();
    for (const face of allFontFaces()) byFamily.set(face.family, [...(byFamily.get(face.family) ?? []), face]);
  }
  return byFamily.get(family)!;
}
