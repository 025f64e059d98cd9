import { InvalidInputError } from '../../domain/core/errors.ts';
import type { ItemTag } from '../../domain/sync/syncMarks.ts';

// Google Reader's stream ids: `user/-/state/com.google/<state>` (any user segment stands for the caller),
// `user/-/label/<folder name>` and `feed/<number or address>`.

export const READING_LIST = 'user/-/state/com.google/reading-list';
export const stateId = (state: string) => `user/-/state/com.google/${state}`;
export const labelId = (name: string) => `user/-/label/${name}`;
export const feedStreamId = (syncId: bigint) => `feed/${syncId}`;

const STATE = /^user\/[^/]+\/state\/com\.google\/(.+)$/;
// The label prefix may come twice: Read You names a group it has just made by its whole stream id, so moving a
// feed into it says `user/-/label/user/-/label/<name>`.
const LABEL = /^(?:user\/[^/]+\/label\/)+(.+)$/;

/** The state a protocol tag names (`read`, `starred`, `like`, `broadcast`…), or null for a label or anything else. */
export function stateOf(id: string): string | null {
  return STATE.exec(id)?.[1] ?? null;
}

/** The folder a label names, or null. */
export function labelOf(id: string): string | null {
  return LABEL.exec(id)?.[1] ?? null;
}

const STREAM_STATES: Record<string, string> = {
  'reading-list': 'reading-list',
  starred: 'starred',
  like: 'liked',
  read: 'read',
  broadcast: 'broadcast',
};

/** A stream id as the domain's stream source; an id of no stream Tidings has is a 400. */
export function streamSource(id: string) {
  const state = stateOf(id);
  if (state !== null && STREAM_STATES[state]) return { kind: STREAM_STATES[state] };
  const label = labelOf(id);
  if (label !== null) return { kind: 'folder', name: label };
  if (id.startsWith('feed/') && id.length > 5) return { kind: 'feed', feed: id.slice(5) };
  throw new InvalidInputError(`Unknown stream: ${id}`);
}

const ITEM_TAG_STATES: Record<string, ItemTag> = { read: 'read', starred: 'starred', like: 'like', broadcast: 'broadcast' };

/** The item tags of edit-tag's `a` or `r` values; other tags (labels, kept-unread) are ignored, as FreshRSS does. */
export function itemTags(ids: string[]): ItemTag[] {
  return ids.flatMap((id) => {
    const tag = ITEM_TAG_STATES[stateOf(id) ?? ''];
    return tag ? [tag] : [];
  });
}
