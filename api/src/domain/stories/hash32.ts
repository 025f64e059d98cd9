// 32-bit hashing for the text key: FNV-1a to turn a shingle into a number, MurmurHash3's finaliser to mix it.
// Both are exact in JavaScript's 32-bit integer arithmetic, so every process (and every release) gives the same
// key for the same text, which the stored keys depend on.

/** FNV-1a of the string's UTF-16 code units, as an unsigned 32-bit integer. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's fmix32: a bijection on 32-bit integers that spreads every input bit over the output, unsigned. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
