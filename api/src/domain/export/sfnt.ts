import { inflateSync } from 'node:zlib';

/**
 * TrueType files for the EPUB, made from the bundled WOFF parts: a part unpacked whole (its layout tables kept, for
 * scripts that need shaping or mark positioning), or a subset merged from several parts of one font holding only the
 * characters a book uses. E-readers take TrueType far more widely than WOFF or WOFF 2, and the EPUB's ZIP compresses
 * each file anyway.
 */

/** A font's tables by tag. */
export type Tables = Map<string, Buffer>;

const WOFF_SIGNATURE = 0x774f4646;

/** The tables of a WOFF 1.0 file: each is stored compressed with zlib when that made it smaller. */
export function woffTables(woff: Buffer): Tables {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF file');
  const tables: Tables = new Map();
  for (let index = 0; index < woff.readUInt16BE(12); index++) {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const data = woff.subarray(offset, offset + stored);
    tables.set(woff.toString('latin1', entry, entry + 4), stored < length ? inflateSync(data) : Buffer.from(data));
  }
  return tables;
}

/** A TrueType (sfnt) file of `tables`, with the checksums and the head table's whole-file adjustment set. */
export function sfnt(tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const entrySelector = Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + tags.length * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(tags.length * 16 - 2 ** entrySelector * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  let headOffset = -1;
  tags.forEach((tag, index) => {
    let data = tables.get(tag)!;
    if (tag === 'head') {
      data = Buffer.from(data);
      data.writeUInt32BE(0, 8);
      headOffset = offset;
    }
    const entry = 12 + index * 16;
    header.write(tag, entry, 'latin1');
    header.writeUInt32BE(checksum(data), entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat([header, ...bodies]);
  if (headOffset >= 0) file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headOffset + 8);
  return file;
}

function checksum(data: Buffer): number {
  let sum = 0;
  for (let at = 0; at < data.length; at += 4) {
    const word = at + 4 <= data.length ? data.readUInt32BE(at) : Buffer.concat([data.subarray(at), Buffer.alloc(4)]).readUInt32BE(0);
    sum = (sum + word) >>> 0;
  }
  return sum;
}

/** A part of a font, read for taking glyphs out of it. */
class FontPart {
  readonly numGlyphs: number;
  private readonly loca: number[];
  private readonly metrics: number;
  private characters: Map<number, number> | null = null;

  constructor(readonly tables: Tables) {
    for (const tag of ['head', 'hhea', 'hmtx', 'maxp', 'loca', 'glyf', 'cmap', 'OS/2', 'name', 'post'])
      if (!tables.has(tag)) throw new Error(`the font has no ${tag} table`);
    this.numGlyphs = this.table('maxp').readUInt16BE(4);
    this.metrics = this.table('hhea').readUInt16BE(34);
    const loca = this.table('loca');
    const long = this.table('head').readInt16BE(50) === 1;
    this.loca = Array.from({ length: this.numGlyphs + 1 }, (_, index) =>
      long ? loca.readUInt32BE(index * 4) : loca.readUInt16BE(index * 2) * 2,
    );
  }

  table(tag: string): Buffer {
    return this.tables.get(tag)!;
  }

  /** The glyph of each character the part maps (its Unicode cmap: format 4, or 12 for characters past the BMP). */
  get cmap(): Map<number, number> {
    this.characters ??= readCmap(this.table('cmap'));
    return this.characters;
  }

  glyph(id: number): Buffer {
    return this.table('glyf').subarray(this.loca[id]!, this.loca[id + 1]!);
  }

  /** Advance width and left side bearing. */
  metric(id: number): [number, number] {
    const hmtx = this.table('hmtx');
    const advance = hmtx.readUInt16BE(4 * Math.min(id, this.metrics - 1));
    const bearing = id < this.metrics ? hmtx.readInt16BE(4 * id + 2) : hmtx.readInt16BE(4 * this.metrics + 2 * (id - this.metrics));
    return [advance, bearing];
  }
}

function readCmap(cmap: Buffer): Map<number, number> {
  const subtables = Array.from({ length: cmap.readUInt16BE(2) }, (_, index) => ({
    platform: cmap.readUInt16BE(4 + index * 8),
    encoding: cmap.readUInt16BE(6 + index * 8),
    offset: cmap.readUInt32BE(8 + index * 8),
  }));
  const full = subtables.find((table) => (table.platform === 3 && table.encoding === 10) || (table.platform === 0 && table.encoding === 4));
  const bmp = subtables.find((table) => (table.platform === 3 && table.encoding === 1) || (table.platform === 0 && table.encoding === 3));
  const chosen = full ?? bmp;
  const found = new Map<number, number>();
  if (!chosen) return found;
  const at = chosen.offset;
  const format = cmap.readUInt16BE(at);
  if (format === 12) {
    for (let group = 0; group < cmap.readUInt32BE(at + 12); group++) {
      const entry = at + 16 + group * 12;
      const first = cmap.readUInt32BE(entry);
      for (let code = first; code <= cmap.readUInt32BE(entry + 4); code++) found.set(code, cmap.readUInt32BE(entry + 8) + code - first);
    }
  } else if (format === 4) {
    const segments = cmap.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let segment = 0; segment < segments; segment++) {
      const end = cmap.readUInt16BE(ends + segment * 2);
      const delta = cmap.readUInt16BE(deltas + segment * 2);
      const rangeOffset = cmap.readUInt16BE(rangeOffsets + segment * 2);
      for (let code = cmap.readUInt16BE(starts + segment * 2); code <= end && code !== 0xffff; code++) {
        let glyph = code;
        if (rangeOffset !== 0) {
          glyph = cmap.readUInt16BE(rangeOffsets + segment * 2 + rangeOffset + (code - cmap.readUInt16BE(starts + segment * 2)) * 2);
          if (glyph === 0) continue;
        }
        found.set(code, (glyph + delta) & 0xffff);
      }
    }
  } else throw new Error(`cmap format ${format} is not read`);
  return found;
}

// Composite glyph flags (the glyf table).
const ARGS_ARE_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_TWO_BY_TWO = 0x0080;
const HAS_INSTRUCTIONS = 0x0100;

/** The glyph ids a composite glyph is made of, with where each id is written. */
function components(glyph: Buffer): { id: number; at: number }[] {
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0) return [];
  const found: { id: number; at: number }[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    found.push({ id: glyph.readUInt16BE(at + 2), at: at + 2 });
    at += 4 + (flags & ARGS_ARE_WORDS ? 4 : 2) + (flags & HAS_SCALE ? 2 : flags & HAS_XY_SCALE ? 4 : flags & HAS_TWO_BY_TWO ? 8 : 0);
    if (!(flags & MORE_COMPONENTS)) return found;
  }
}

/**
 * The glyph without its hinting instructions: the subset leaves out the tables they run with (fpgm, prep, cvt), and
 * e-readers scale outlines to the screen unhinted anyway.
 */
function withoutInstructions(glyph: Buffer, renumber: (id: number) => number): Buffer {
  if (glyph.length === 0) return glyph;
  const contours = glyph.readInt16BE(0);
  if (contours >= 0) {
    const lengthAt = 10 + contours * 2;
    const length = glyph.readUInt16BE(lengthAt);
    return Buffer.concat([glyph.subarray(0, lengthAt), Buffer.alloc(2), glyph.subarray(lengthAt + 2 + length)]);
  }
  const copy = Buffer.from(glyph);
  const parts = components(copy);
  for (const { id, at } of parts) copy.writeUInt16BE(renumber(id), at);
  const last = parts.at(-1)!;
  const flagsAt = last.at - 2;
  const flags = copy.readUInt16BE(flagsAt);
  if (!(flags & HAS_INSTRUCTIONS)) return copy;
  copy.writeUInt16BE(flags & ~HAS_INSTRUCTIONS, flagsAt);
  const end =
    flagsAt + 4 + (flags & ARGS_ARE_WORDS ? 4 : 2) + (flags & HAS_SCALE ? 2 : flags & HAS_XY_SCALE ? 4 : flags & HAS_TWO_BY_TWO ? 8 : 0);
  return copy.subarray(0, end);
}

/**
 * One TrueType font holding `characters`, each taken from the first of `parts` (parts of the same font: same design
 * units and metrics) that maps it; characters no part maps are left out, for the reader's own fonts to show. Only
 * what the characters need is kept: their glyphs (and the glyphs those are made of), metrics, a cmap, and the
 * naming, OS/2 and post tables of the first part (its copyright and licence). Layout tables are left out, so this
 * suits scripts set glyph by glyph (CJK), not ones that join or position marks (Arabic).
 */
export function subsetFont(parts: Tables[], characters: Iterable<number>): Buffer {
  const fonts = parts.map((tables) => new FontPart(tables));
  const first = fonts[0]!;
  const unitsPerEm = first.table('head').readUInt16BE(18);
  if (fonts.some((font) => font.table('head').readUInt16BE(18) !== unitsPerEm)) throw new Error('the parts are not of one font');

  // New glyph ids in order: .notdef, then each character's glyph, then the glyphs composites are made of.
  const glyphs: { font: FontPart; id: number }[] = [{ font: first, id: 0 }];
  const newIds = new Map<FontPart, Map<number, number>>(fonts.map((font) => [font, new Map()]));
  newIds.get(first)!.set(0, 0);
  const add = (font: FontPart, id: number): number => {
    const ids = newIds.get(font)!;
    let newId = ids.get(id);
    if (newId === undefined) {
      newId = glyphs.length;
      ids.set(id, newId);
      glyphs.push({ font, id });
    }
    return newId;
  };
  const cmap = new Map<number, number>();
  for (const code of [...new Set(characters)].sort((a, b) => a - b)) {
    const font = fonts.find((candidate) => candidate.cmap.has(code));
    if (font) cmap.set(code, add(font, font.cmap.get(code)!));
  }
  for (let index = 0; index < glyphs.length; index++) {
    const { font, id } = glyphs[index]!;
    for (const component of components(font.glyph(id))) add(font, component.id);
  }
  if (glyphs.length > 0xffff) throw new Error('too many glyphs for one font');

  const glyf: Buffer[] = [];
  const loca = Buffer.alloc((glyphs.length + 1) * 4);
  const hmtx = Buffer.alloc(glyphs.length * 4);
  let offset = 0;
  let widest = 0;
  glyphs.forEach(({ font, id }, index) => {
    const data = withoutInstructions(font.glyph(id), (component) => newIds.get(font)!.get(component)!);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    glyf.push(padded);
    loca.writeUInt32BE(offset, index * 4);
    offset += padded.length;
    const [advance, bearing] = font.metric(id);
    hmtx.writeUInt16BE(advance, index * 4);
    hmtx.writeInt16BE(bearing, index * 4 + 2);
    widest = Math.max(widest, advance);
  });
  loca.writeUInt32BE(offset, glyphs.length * 4);

  const head = Buffer.from(first.table('head'));
  // The bounding box of all the parts' glyphs holds the subset's.
  head.writeInt16BE(Math.min(...fonts.map((font) => font.table('head').readInt16BE(36))), 36);
  head.writeInt16BE(Math.min(...fonts.map((font) => font.table('head').readInt16BE(38))), 38);
  head.writeInt16BE(Math.max(...fonts.map((font) => font.table('head').readInt16BE(40))), 40);
  head.writeInt16BE(Math.max(...fonts.map((font) => font.table('head').readInt16BE(42))), 42);
  head.writeInt16BE(1, 50);
  const hhea = Buffer.from(first.table('hhea'));
  hhea.writeUInt16BE(widest, 10);
  hhea.writeInt16BE(Math.min(...fonts.map((font) => font.table('hhea').readInt16BE(12))), 12);
  hhea.writeInt16BE(Math.min(...fonts.map((font) => font.table('hhea').readInt16BE(14))), 14);
  hhea.writeInt16BE(Math.max(...fonts.map((font) => font.table('hhea').readInt16BE(16))), 16);
  hhea.writeUInt16BE(glyphs.length, 34);
  const maxp = Buffer.from(first.table('maxp').subarray(0, 32));
  maxp.writeUInt16BE(glyphs.length, 4);
  for (let field = 6; field < maxp.length; field += 2)
    maxp.writeUInt16BE(Math.max(...fonts.map((font) => font.table('maxp').readUInt16BE(field))), field);
  const os2 = Buffer.from(first.table('OS/2'));
  for (let field = 42; field < 58; field += 4)
    os2.writeUInt32BE(
      fonts.reduce((bits, font) => (bits | font.table('OS/2').readUInt32BE(field)) >>> 0, 0),
      field,
    );
  const codes = [...cmap.keys()];
  os2.writeUInt16BE(Math.min(codes[0] ?? 0xffff, 0xffff), 64);
  os2.writeUInt16BE(Math.min(codes.at(-1) ?? 0, 0xffff), 66);
  const post = Buffer.from(first.table('post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  return sfnt(
    new Map([
      ['cmap', writeCmap(cmap)],
      ['glyf', Buffer.concat(glyf)],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', hmtx],
      ['loca', loca],
      ['maxp', maxp],
      ['name', first.table('name')],
      ['OS/2', os2],
      ['post', post],
    ]),
  );
}

/** A Unicode cmap: format 4 for the BMP where it fits (older readers look only there), and format 12 for all. */
function writeCmap(map: Map<number, number>): Buffer {
  // Runs of consecutive characters whose glyphs are consecutive too.
  const runs: { start: number; end: number; glyph: number }[] = [];
  for (const [code, glyph] of [...map].sort((a, b) => a[0] - b[0])) {
    const last = runs.at(-1);
    if (last && code === last.end + 1 && glyph === last.glyph + code - last.start) last.end = code;
    else runs.push({ start: code, end: code, glyph });
  }
  const groups = Buffer.alloc(16 + runs.length * 12);
  groups.writeUInt16BE(12, 0);
  groups.writeUInt32BE(groups.length, 4);
  groups.writeUInt32BE(runs.length, 12);
  runs.forEach((run, index) => {
    groups.writeUInt32BE(run.start, 16 + index * 12);
    groups.writeUInt32BE(run.end, 20 + index * 12);
    groups.writeUInt32BE(run.glyph, 24 + index * 12);
  });
  const bmp = [...runs.filter((run) => run.end < 0xffff), { start: 0xffff, end: 0xffff, glyph: 0 }];
  const segments = bmp.length;
  const length = 16 + segments * 8;
  const subtables: [number, Buffer][] = [];
  if (length <= 0xffff) {
    const table = Buffer.alloc(length);
    const selector = Math.floor(Math.log2(segments));
    table.writeUInt16BE(4, 0);
    table.writeUInt16BE(length, 2);
    table.writeUInt16BE(segments * 2, 6);
    table.writeUInt16BE(2 ** selector * 2, 8);
    table.writeUInt16BE(selector, 10);
    table.writeUInt16BE(segments * 2 - 2 ** selector * 2, 12);
    bmp.forEach((run, index) => {
      table.writeUInt16BE(run.end, 14 + index * 2);
      table.writeUInt16BE(run.start, 16 + segments * 2 + index * 2);
      // The last segment maps U+FFFF to glyph 0: its delta is 1.
      table.writeUInt16BE((run.start === 0xffff ? 1 : run.glyph - run.start) & 0xffff, 16 + segments * 4 + index * 2);
    });
    subtables.push([1, table]);
  }
  subtables.push([10, groups]);
  const header = Buffer.alloc(4 + subtables.length * 8);
  header.writeUInt16BE(subtables.length, 2);
  let offset = header.length;
  subtables.forEach(([encoding, table], index) => {
    header.writeUInt16BE(3, 4 + index * 8);
    header.writeUInt16BE(encoding, 6 + index * 8);
    header.writeUInt32BE(offset, 8 + index * 8);
    offset += table.length;
  });
  return Buffer.concat([header, ...subtables.map(([, table]) => table)]);
}
