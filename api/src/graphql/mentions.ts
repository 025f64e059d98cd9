import type { RequestContext } from '../context.ts';
import { existingUsernames, mentionedUsernames } from '../domain/social/mentions.ts';
import { batchedPerRequest } from './batchedPerRequest.ts';

// The rule is `textMentions`' (api/src/domain/social/mentions.ts); this batches it across the fields of one request.

/** The accounts a text @mentions, as their usernames, in order of first mention: what a client highlights. */
export async function resolvedMentions(text: string, context: RequestContext): Promise<string[]> {
  // A page of comments names a handful of people: one query per request resolves every name asked.
  const loader = batchedPerRequest<string | null>(context, 'mentions', async (names) => {
    const found = await existingUsernames(context.services, names);
    return names.map((name) => found.get(name) ?? null);
  });
  const names = await loader.loadMany(mentionedUsernames(text).map((name) => name.toLowerCase()));
  return names.filter((name): name is string => typeof name === 'string');
}
