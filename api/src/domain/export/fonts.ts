import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sfnt, subsetFont, woffTables } from './sfnt.ts';

/**
 * The export's fonts: Noto Sans from the bundled @fontsource packages, which split each script into files by Unicode
 * range (Latin, Cyrillic, Greek, …; Arabic; Simplified Chinese in ~100 parts that also hold kana). Every part is a
 * face of its own: text is set in runs, each in the part that holds its characters (fontRuns), so a page of English
 * reads two small files and CJK text only the parts holding its characters. The PDF embeds a subset of each face it
 * uses (pdfkit), never a whole font. The EPUB carries the parts its text needs but Latin (epubFonts).
 */
export type FontFace = {
  family: string;
  file: string;
  italicFile: string;
  weight: 400 | 700;
  ranges: [number, number][];
  /** How an EPUB carries the part: not at all (the reader's fonts), whole, or in a subset of its package's parts. */
  epub: EpubForm;
  /** The characters that call for the part in an EPUB: those of the scripts the package is for. */
  script: RegExp;
  /** The package, short ('noto-sans-sc'): a subset merges the parts of one package. */
  font: string;
};

type EpubForm = 'reader' | 'whole' | 'subset';

const require = createRequire(import.meta.url);

/**
 * How an EPUB carries each package's parts, and which characters call for them (`script`: a part also holds
 * punctuation and symbols that Latin text uses too, and those alone embed nothing). Latin text is left to the
 * reader's own fonts (an EPUB embedded none before there were other scripts). Greek and Cyrillic parts (5–30 KB a
 * face) and Arabic (80 KB) go in whole: their layout tables place accents and join letters, which a subset made here
 * would lose. CJK is spread over ~100 parts of 30–50 KB and needs no layout tables: one subset holds just the
 * characters the book uses.
 */
const PACKAGES: {
  name: string;
  weights: readonly (400 | 700)[];
  parts: string[] | null;
  epub: (part: string) => EpubForm;
  script: RegExp;
}[] = [
  // Latin first: it is the fallback for whatever no part claims (punctuation, digits, symbols).
  {
    name: '@fontsource/noto-sans',
    weights: [400, 700],
    parts: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'],
    epub: (part) => (['latin', 'latin-ext', 'vietnamese'].includes(part) ? 'reader' : 'whole'),
    script: /[\p{Script=Cyrillic}\p{Script=Greek}]/u,
  },
  { name: '@fontsource/noto-sans-arabic', weights: [400, 700], parts: ['arabic'], epub: () => 'whole', script: /\p{Script=Arabic}/u },
  // One weight: ~100 parts per weight; headings in CJK use the regular weight. The package's own Latin parts are
  // never chosen (Noto Sans's come first).
  {
    name: '@fontsource/noto-sans-sc',
    weights: [400],
    parts: null,
    epub: () => 'subset',
    script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u,
  },
];

/** Characters of no script of their own (punctuation, symbols, combining marks): a subset carries them along. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

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
        const font = pkg.name.replace('@fontsource/', '');
        return [
          {
            family: `${font}-${part}`,
            font,
            epub: pkg.epub(part),
            script: pkg.script,
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

/** A bundled part (its WOFF file) as TrueType, which every reader of fonts takes, fontkit included. */
export function truetype(file: string): Buffer {
  return sfnt(woffTables(readFileSync(file)));
}

/** A font file an EPUB carries, and what its CSS declares of it. */
export type EpubFont = {
  /** One family per part (or subset), so that a reader ignoring unicode-range still falls back to the next one. */
  family: string;
  weight: 400 | 700;
  italic: boolean;
  fileName: string;
  /** TrueType. */
  data: Buffer;
  /** The characters the part is for (CSS unicode-range); null for a subset, which holds no others. */
  ranges: [number, number][] | null;
};

/**
 * The fonts an EPUB of `text` carries: for each character outside ASCII, the part the PDF sets it in (fontRuns),
 * carried as its package says (PACKAGES) once a character of the package's scripts calls for it: none for Latin,
 * each part whole in every face the PDF has for it (regular, bold, italic where the script has them), or one subset
 * per package of the characters used (with the punctuation the part holds, none of another script). A script no
 * bundled part is for (Hebrew, Devanagari, Hangul, …) is left to the reader's fonts, as it was.
 */
export async function epubFonts(text: string): Promise<EpubFont[]> {
  const whole = new Set<string>();
  const subsets = new Map<string, { called: boolean; parts: Map<FontFace, number[]> }>();
  for (const [code, face] of facesOfText(text)) {
    const char = String.fromCodePoint(code);
    const own = face.script.test(char);
    if (face.epub === 'whole' && own) whole.add(face.family);
    else if (face.epub === 'subset' && (own || SHARED.test(char))) {
      let subset = subsets.get(face.font);
      if (!subset) subsets.set(face.font, (subset = { called: false, parts: new Map() }));
      subset.called ||= own;
      let codes = subset.parts.get(face);
      if (!codes) subset.parts.set(face, (codes = []));
      codes.push(code);
    }
  }
  const fonts: Promise<EpubFont>[] = [];
  const families = [...new Set(allFontFaces().map((face) => face.family))];
  for (const family of families.filter((name) => whole.has(name)))
    for (const face of facesOf(family))
      for (const italic of face.italicFile === face.file ? [false] : [false, true]) {
        const file = italic ? face.italicFile : face.file;
        fonts.push(
          readFile(file).then((woff) => ({
            family,
            weight: face.weight,
            italic,
            fileName: path.basename(file).replace(/\.woff$/, '.ttf'),
            data: sfnt(woffTables(woff)),
            ranges: face.ranges,
          })),
        );
      }
  for (const [font, { called, parts }] of subsets)
    if (called)
      fonts.push(
        mergeParts(parts).then((data) => ({
          family: font,
          weight: 400,
          italic: false,
          fileName: `${font}-400-normal.ttf`,
          data,
          ranges: null,
        })),
      );
  return Promise.all(fonts);
}

/** Each character of `text` outside ASCII (which the Latin part sets), once, with the regular face fontRuns sets it in. */
function facesOfText(text: string): Map<number, FontFace> {
  const found = new Map<number, FontFace>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x80 && !found.has(code)) found.set(code, faceFor(code));
  }
  return found;
}

/** One font of the characters `parts` set, each part's glyphs taken in package order, as fontRuns picks parts. */
async function mergeParts(parts: Map<FontFace, number[]>): Promise<Buffer> {
  const used = allFontFaces().filter((face) => parts.has(face));
  const files = await Promise.all(used.map((face) => readFile(face.file)));
  return subsetFont(
    files.map(woffTables),
    used.flatMap((face) => parts.get(face)!),
  );
}
