import sharp from 'sharp';
import { fetchResource, type FetchPolicy } from '../../ingest/fetch.ts';

/**
 * What the images of one export may cost. Each image: 5 MB, 4 s to connect, 8 s in all, 40 megapixels decoded
 * (a decompression bomb stops there). All together: 150 MB downloaded, 600 images and 30 s, after which the rest are
 * left out with a note, so a slow or hostile host never stalls the export.
 */
export const IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  connectTimeoutMs: 4_000,
  totalTimeoutMs: 8_000,
  maxPixels: 40_000_000,
  budgetBytes: 150 * 1024 * 1024,
  budgetCount: 600,
  budgetMs: 30_000,
  concurrency: 6,
  /** Wide enough for a page or an e-reader screen at 2x, small enough to keep 300 articles' images light. */
  width: 1000,
  quality: 72,
} as const;

export type ImageLimits = { [K in keyof typeof IMAGE_LIMITS]: number };

/** A fetched image, resized and re-encoded as JPEG (no metadata, no animation). */
export type EmbeddedImage = { data: Buffer; width: number; height: number };

// The export holds one image at a time per worker slot; libvips' cache would keep the originals around.
sharp.cache(false);

/**
 * Resizes run one at a time while the downloads overlap: every resize running at once grows a malloc arena of its
 * own that the process keeps. Three hundred photos resized as they arrived (up to six at once) left ~190 MB more
 * resident, one at a time ~120 MB, and a resize takes tens of milliseconds against the seconds a download may.
 */
let resizing: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = resizing.then(work, work);
  resizing = turn.catch(() => {});
  return turn;
}

/**
 * Fetches `sources` through the guarded fetcher (SSRF guard, redirects checked, size and time limits) and resizes
 * each to IMAGE_LIMITS.width. An image that cannot be had within the limits maps to null; nothing here throws.
 */
export async function fetchImages(
  sources: string[],
  policy: FetchPolicy & { allowedAddresses?: readonly string[] },
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<Map<string, EmbeddedImage | null>> {
  const results = new Map<string, EmbeddedImage | null>();
  const deadline = Date.now() + limits.budgetMs;
  let spentBytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const index = next++;
      const src = sources[index]!;
      const inBudget = index < limits.budgetCount && spentBytes < limits.budgetBytes && Date.now() < deadline;
      results.set(src, inBudget ? await fetchOne(src, policy, limits, deadline, (bytes) => (spentBytes += bytes)) : null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, sources.length) }, worker));
  return results;
}

async function fetchOne(
  src: string,
  policy: FetchPolicy & { allowedAddresses?: readonly string[] },
  limits: ImageLimits,
  deadline: number,
  spend: (bytes: number) => void,
): Promise<EmbeddedImage | null> {
  try {
    const answer = await fetchResource(src, {
      ...policy,
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
      maxBytes: limits.maxBytes,
      connectTimeoutMs: limits.connectTimeoutMs,
      totalTimeoutMs: Math.max(1, Math.min(limits.totalTimeoutMs, deadline - Date.now())),
      maxRedirects: 3,
    });
    if (answer.status !== 'ok' || !/^image\//i.test(answer.contentType ?? 'image/')) return null;
    spend(answer.body.length);
    const { data, info } = await oneAtATime(() =>
      sharp(answer.body, { limitInputPixels: limits.maxPixels, animated: false, failOn: 'error' })
        .rotate()
        .resize({ width: limits.width, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: limits.quality })
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
