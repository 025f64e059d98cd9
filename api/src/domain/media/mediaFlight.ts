import { Readable } from 'node:stream';
import { fetchMedia, type MediaAnswer, type MediaFetchOptions } from '../../ingest/fetchMedia.ts';
import { asMediaError, MediaError, ReaderLeftError, TOO_LONG } from './mediaError.ts';
import type { MediaSlots, ReleaseSlot } from './mediaSlots.ts';

/** An upstream answer without its body: what the proxy's headers are made of. */
export type MediaHead = Omit<MediaAnswer, 'body'>;

/** What all the flights of a process keep of their bodies at once, and the most they may. */
export type KeptBytes = { held: number; readonly limit: number };

export type FlightOptions = {
  fetch: MediaFetchOptions;
  slots: MediaSlots;
  /** From the flight's start to its readers' last byte, waiting for a slot included. */
  deadlineMs: number;
  /**
   * What the flight keeps of the body for readers who join late and for the image cache; past it, it keeps nothing
   * and takes no more readers (`onUnlisted`).
   */
  keepBytes: number;
  /** Shared by the process's flights: past its limit, a flight keeps nothing, as past `keepBytes`. */
  keptBytes: KeptBytes;
  /** How far a reader may fall behind the fastest one before it is cut (the others do not wait for it). */
  lagBytes: number;
  /** The flight takes no more readers: it ended, failed, or no longer keeps the body from its start. */
  onUnlisted: () => void;
  /** The whole body arrived and was kept (at most `keepBytes`). */
  onComplete: (head: MediaHead, body: Buffer) => void;
};

/**
 * One upstream fetch of a media URL and the readers it feeds: each reader gets the body from its start (what has come
 * so far, then the rest as it comes). It waits for a slot, fetches and streams under one deadline; the upstream goes as
 * fast as its fastest reader reads, and a reader too far behind is cut; it is aborted at the deadline (readers still
 * open are cut) and as soon as its last reader leaves.
 */
export class MediaFlight {
  /** The upstream's headers; rejects with a MediaError (or a fault of ours) when the fetch fails before them. */
  readonly head: Promise<MediaHead>;
  private readonly upstream = new AbortController();
  private readonly readers = new Set<FlightReader>();
  private readonly timer: NodeJS.Timeout;
  private kept: Buffer[] | null = [];
  private keptBytes = 0;
  private body: Readable | null = null;
  private ended = false;
  private done = false;
  private listed = true;
  private release: ReleaseSlot | null = null;

  constructor(
    private readonly url: string,
    private readonly options: FlightOptions,
  ) {
    this.timer = setTimeout(() => this.expire(), options.deadlineMs);
    this.head = this.open();
    // A failure reaches readers through their own wait for the head (serveMedia) or their stream.
    this.head.catch(() => {});
  }

  /** Whether a new reader may still join and get the whole body. */
  get joinable(): boolean {
    return this.listed;
  }

  /** A new reader of the body from its start; destroying it leaves the flight. */
  join(): Readable {
    const reader = new FlightReader(this);
    this.readers.add(reader);
    for (const chunk of this.kept ?? []) reader.deliver(chunk);
    if (this.ended) reader.deliver(null);
    return reader;
  }

  private async open(): Promise<MediaHead> {
    try {
      const host = new URL(this.url).hostname;
      this.release = await this.options.slots.take(host, this.upstream.signal);
      const { body, ...head } = await fetchMedia(this.url, { ...this.options.fetch, signal: this.upstream.signal });
      this.body = body;
      body.on('data', (chunk: Buffer) => this.received(chunk));
      body.once('end', () => this.end(head));
      body.once('error', (error) => this.fail(asMediaError(error)));
      body.once('close', () => this.settle());
      this.pump();
      return head;
    } catch (error) {
      const failure = asMediaError(error);
      this.fail(failure);
      this.settle();
      throw failure;
    }
  }

  private received(chunk: Buffer) {
    if (this.kept) {
      const shared = this.options.keptBytes;
      if (this.keptBytes + chunk.length <= this.options.keepBytes && shared.held + chunk.length <= shared.limit) {
        this.kept.push(chunk);
        this.keptBytes += chunk.length;
        shared.held += chunk.length;
      } else {
        this.forget();
        this.unlist();
      }
    }
    for (const reader of [...this.readers]) {
      reader.deliver(chunk);
      if (reader.readableLength > this.options.lagBytes) reader.destroy(new MediaError(504, 'The media was read too slowly'));
    }
    this.pump();
  }

  private end(head: MediaHead) {
    this.ended = true;
    this.done = true;
    for (const reader of this.readers) reader.deliver(null);
    if (this.kept) this.options.onComplete(head, Buffer.concat(this.kept, this.keptBytes));
    this.forget();
    this.unlist();
    this.stopTimerIfIdle();
  }

  private fail(error: unknown) {
    if (this.done) return;
    this.done = true;
    this.forget();
    this.unlist();
    this.upstream.abort(error);
    for (const reader of [...this.readers]) reader.destroy(error instanceof Error ? error : new Error(String(error)));
    this.stopTimerIfIdle();
  }

  /** Drops what the flight kept of the body (readers who have it queued still hold their part). */
  private forget() {
    this.options.keptBytes.held -= this.keptBytes;
    this.kept = null;
    this.keptBytes = 0;
  }

  /** The upstream is over: its slot and connection are free. */
  private settle() {
    this.release?.();
    this.release = null;
  }

  private expire() {
    const tooLong = new MediaError(504, TOO_LONG);
    this.fail(tooLong);
    // Readers of a finished body who are still reading are cut too: the deadline bounds the whole answer.
    for (const reader of [...this.readers]) reader.destroy(tooLong);
  }

  /**
   * Lets the upstream flow while any reader asks for more, and pauses it while none does: it goes as fast as its
   * fastest reader, and one reader alone sets the pace.
   */
  pump() {
    if (!this.body || this.done) return;
    if ([...this.readers].some((reader) => reader.hungry)) this.body.resume();
    else this.body.pause();
  }

  leave(reader: FlightReader) {
    this.readers.delete(reader);
    if (this.readers.size === 0 && !this.done) this.fail(new ReaderLeftError());
    else this.pump();
    this.stopTimerIfIdle();
  }

  private unlist() {
    if (!this.listed) return;
    this.listed = false;
    this.options.onUnlisted();
  }

  private stopTimerIfIdle() {
    if (this.done && this.readers.size === 0) clearTimeout(this.timer);
  }
}

class FlightReader extends Readable {
  constructor(private readonly flight: MediaFlight) {
    super();
    // Whoever holds the reader learns of a failure from its stream (Fastify) or from the flight's head (serveMedia);
    // a reader nobody holds yet must not turn it into an uncaught error.
    this.on('error', () => {});
  }

  /** Whether the reader asked for more since its buffer last filled (Readable's protocol: _read, then push until false). */
  hungry = true;

  deliver(chunk: Buffer | null) {
    this.hungry = this.push(chunk);
  }

  override _read() {
    this.hungry = true;
    this.flight.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.flight.leave(this);
    callback(error);
  }
}
