/** A proxied image as it is sent again: its bytes and the headers that describe them. */
export type CachedImage = { body: Buffer; contentType: string; etag: string | null; lastModified: string | null };

/**
 * What the proxy keeps in memory, per process: images of at most 2 MB, 64 MB in all, each for an hour, the least
 * recently used going first. Sounds and videos stream and are never kept; browsers keep everything for a week.
 */
export const IMAGE_CACHE_LIMITS = { entryBytes: 2 * 1024 * 1024, totalBytes: 64 * 1024 * 1024, ttlMs: 60 * 60 * 1000 } as const;

export class ImageCache {
  // A Map iterates in insertion order; re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, { image: CachedImage; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { entryBytes: number; totalBytes: number; ttlMs: number } = IMAGE_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): CachedImage | null {
    const entry = this.entries.get(url);
    if (!entry) return null;
    this.remove(url);
    if (entry.expiresAt <= this.now()) return null;
    this.insert(url, entry);
    return entry.image;
  }

  set(url: string, image: CachedImage): void {
    if (image.body.length > this.limits.entryBytes) return;
    this.remove(url);
    this.insert(url, { image, expiresAt: this.now() + this.limits.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.limits.totalBytes) break;
      this.remove(oldest);
    }
  }

  private insert(url: string, entry: { image: CachedImage; expiresAt: number }) {
    this.entries.set(url, entry);
    this.bytes += entry.image.body.length;
  }

  private remove(url: string) {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.bytes -= entry.image.body.length;
  }
}
