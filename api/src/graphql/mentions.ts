import DataLoader from 'dataloader';
import type { RequestContext } from '../context.ts';
import { existingUsernames, mentionedUsernames } from '../domain/social/mentions.ts';

// The rule is `textMentions`' (api/src/domain/social/mentions.ts); this batches it across the fields of one request.

// A page of comments names a handful of people: one query per request resolves every name asked.
const loaders = new WeakMap<RequestContext, DataLoader<string, string | null>>();

/** The accounts a text @mentions, as their usernames, in order of first mention: what a client highlights. */
export async function resolvedMentions(text: string, context: RequestContext): Promise<string[]> {
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (names: readonly string[]) => {
      const found = await existingUsernames(context.services, names);
      return names.map((name) => found.get(name) ?? null);
    });
    loaders.set(context, loader);
  }
  const names = await loader.loadMany(mentionedUsernames(text).map((name) => name.toLowerCase()));
  return names.filter((name): name is string => typeof name === 'string');
}
