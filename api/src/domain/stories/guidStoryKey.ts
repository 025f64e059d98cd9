import { canonicalAddress, isSiteRoot } from './canonicalAddress.ts';

// A GUID is only unique within its feed (RSS 2.0: "a string that uniquely identifies the item"): `42` or
// `quiethour-42` in two feeds are two stories. It names one story everywhere only when it is built to be global:
// a permanent address (RSS isPermaLink), a tag: URI (RFC 4151, an authority and a date make it unique) or a URN.
const TAG_URI = /^tag:[^\s,]+,\d{4}(-\d{2}){0,2}:\S+$/i;
const URN = /^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i;
// A bare UUID (podcast hosts write them without the urn:uuid: prefix) is as global as the URN; the nil UUID is
// what a broken generator writes on everything.
const UUID = /^(urn:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Returns the key under which an item's GUID names the same story in any feed — the canonical address of a
 * permanent http(s) link (not a site's front page), the tag:/urn: URI itself, or `urn:uuid:` and a bare UUID — or
 * null for a GUID that is only unique within its feed (a number, a feed-local string, an address the feed says is
 * not a permalink) or the nil UUID.
 */
export function guidStoryKey(guid: string | null | undefined, isPermaLink: boolean): string | null {
  const value = guid?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) {
    const address = isPermaLink ? canonicalAddress(value) : null;
    return address === null || isSiteRoot(address) ? null : address;
  }
  if (TAG_URI.test(value)) return value;
  // RFC 8141 §3: the scheme and the namespace id are case-insensitive, and a UUID is hex whatever its case.
  const uuid = UUID.exec(value)?.[2]?.toLowerCase();
  if (uuid !== undefined) return uuid === NIL_UUID ? null : `urn:uuid:${uuid}`;
  if (URN.test(value)) return value.replace(/^urn:[^:]+:/i, (head) => head.toLowerCase());
  return null;
}
