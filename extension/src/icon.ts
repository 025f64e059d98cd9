import { zlibSync } from 'fflate';

const BRAND = [0x1f, 0x6f, 0x5f] as const;
const INK = [0xff, 0xff, 0xff] as const;

/**
 * The Tidings mark (web/public/favicon.svg: a "T" over a wave on a rounded square) drawn as an RGBA PNG of
 * `size` pixels, so the icons come from the build instead of binary files in the repository.
 */
export function iconPng(size: number): Uint8Array {
  const scale = size / 32;
  const rows = new Uint8Array(size * (1 + size * 4));
  for (let y = 0; y < size; y += 1) {
    rows[y * (1 + size * 4)] = 0;
    for (let x = 0; x < size; x += 1) {
      const [px, py] = [(x + 0.5) / scale, (y + 0.5) / scale];
      const colour = !insideRoundedSquare(px, py) ? null : onMark(px, py) ? INK : BRAND;
      const at = y * (1 + size * 4) + 1 + x * 4;
      if (colour) rows.set([...colour, 0xff], at);
    }
  }
  return png(size, size, rows);
}

function insideRoundedSquare(x: number, y: number): boolean {
  const r = 8;
  const dx = Math.max(r - x, 0, x - (32 - r));
  const dy = Math.max(r - y, 0, y - (32 - r));
  return dx * dx + dy * dy <= r * r;
}

function onMark(x: number, y: number): boolean {
  const bar = y >= 8.1 && y <= 10.9 && x >= 8.1 && x <= 23.9;
  const stem = x >= 14.6 && x <= 17.4 && y >= 8.1 && y <= 21.9;
  const wave = x >= 7.4 && x <= 24.6 && Math.abs(y - (24.5 - 1.2 * Math.sin(((x - 8.5) / 7.5) * Math.PI))) <= 1.1;
  return bar || stem || wave;
}

function png(width: number, height: number, rows: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, adaptive filtering, no interlace
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat([new TextEncoder().encode(type), data]);
  const out = new Uint8Array(8 + data.length + 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
