import { describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { BAND_COUNT } from './textKey.ts';
import { clearOldTextKeys, TEXT_KEY_DAYS } from './textKeyRetention.ts';

const services = await createTestServices();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const TEXT =
  '<p>' + 'Council members voted on Tuesday to expand the harbour ferry service to the northern islands next spring. '.repeat(4) + '</p>';
const bandsOf = async (id: string) => (await services.db.storyKey.findUniqueOrThrow({ where: { articleId: id } })).bands;

describe('story text keys are kept for TEXT_KEY_DAYS', () => {
  it('stores none for an article dated before, and the daily clean-up clears them once they are older', async () => {
    const feed = await newFeed(services);
    const [recent, old] = await publish(services, feed.id, [
      { publishedAt: daysAgo(2), content: TEXT, url: 'https://harbour.example/ferry' },
      { publishedAt: daysAgo(TEXT_KEY_DAYS + 1), content: TEXT, url: 'https://harbour.example/ferry-old' },
    ]);
    expect(await bandsOf(recent!.id)).toHaveLength(BAND_COUNT);
    expect(await bandsOf(old!.id)).toEqual([]);

    expect(await clearOldTextKeys(services.db)).toBe(0);
    expect(await bandsOf(recent!.id)).toHaveLength(BAND_COUNT);

    const later = new Date(Date.now() + (TEXT_KEY_DAYS - 1) * 86_400_000);
    expect(await clearOldTextKeys(services.db, later)).toBe(1);
    const key = await services.db.storyKey.findUniqueOrThrow({ where: { articleId: recent!.id } });
    expect(key).toMatchObject({ bands: [], signature: [], shingles: 0, address: 'harbour.example/ferry' });
  });
});
