import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { FeedFetchError } from './fetchError.ts';

/**
 * Reads a response body, undoing its Content-Encoding (gzip, deflate, br, in any stack), and stops as
 * soon as either the bytes received or the decoded bytes pass `maxBytes`: a slow trickle, an endless
 * stream or a compression bomb costs at most `maxBytes` plus one chunk of memory.
 */
export async function readBody(body: Readable, contentEncoding: string | null, maxBytes: number): Promise<Buffer> {
  // Encodings are listed in the order they were applied (RFC 9110 §8.4), so they are undone in reverse.
  const decoders = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse()
    .map(decoderFor);
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    await pipeline([body, limitTo(maxBytes), ...decoders, limitTo(maxBytes), collect]);
  } catch (error) {
    if (isDecodingError(error)) {
      throw new FeedFetchError('bad-response', 'The feed’s compressed data is damaged', { cause: error });
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

function isDecodingError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  return code.startsWith('Z_') || code.startsWith('ERR__ERROR') || code.startsWith('ERR_BROTLI');
}

function decoderFor(coding: string): Transform {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate': // RFC 9110 §8.4.1.2: zlib-wrapped deflate
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new FeedFetchError('bad-response', `The feed uses an unsupported compression (${coding.slice(0, 20)})`);
  }
}

/** Passes bytes on until more than `maxBytes` have gone through, then fails the pipeline. */
export function limitTo(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/** The error for a body over the limit, with the limit in the units a person reads. */
export function tooLarge(maxBytes: number): FeedFetchError {
  return new FeedFetchError('too-large', `The feed is larger than ${formatBytes(maxBytes)}`);
}

function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}
