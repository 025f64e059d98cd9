import { describe, expect, it } from 'vitest';
import { createTestServices } from '../../test/services.ts';

// The search vector is a plain column kept by triggers (migration 20261211090000): what a generated column guaranteed
// must still hold for every way a row is written.
describe('an article’s search vector', async () => {
  const services = await createTestServices();
  const feed = await services.db.feed.create({ data: { url: `https://vectors.example/${Date.now()}.xml` } });

  /** The article's stored vector beside the one its title and content give now, and whether `words` finds it. */
  async function vectorOf(id: string, words: string) {
    const [row] = await services.db.$queryRaw<{ stored: string; computed: string; found: boolean }[]>`
      SELECT "searchVector"::text AS stored, article_search_vector(title, content)::text AS computed,
             "searchVector" @@ websearch_to_tsquery('english', ${words}) AS found
      FROM "Article" WHERE id = ${id}::uuid`;
    return row!;
  }

  async function insert(guid: string, title: string, content: string) {
    const article = await services.db.article.create({
      data: { feedId: feed.id, guid, url: `https://vectors.example/${guid}`, title, content, publishedAt: new Date() },
    });
    return article.id;
  }

  it('is computed from the title and the opening of the text when a row is inserted without it', async () => {
    const id = await insert('inserted', 'Harbour lights', '<p>The <b>lighthouse</b> keeper counted gulls.</p>');
    const vector = await vectorOf(id, 'lighthouse gulls');
    expect(vector.stored).toBe(vector.computed);
    expect(vector.stored).toContain("'harbour':1A");
    expect(vector.found).toBe(true);
  });

  it('is computed again when the title or the text changes, and only then', async () => {
    const id = await insert('changed', 'Quiet market', '<p>Stalls of apricots.</p>');
    await services.db.article.update({ where: { id }, data: { content: '<p>Stalls of walnuts.</p>' } });
    expect(await vectorOf(id, 'walnuts')).toMatchObject({ found: true });
    expect(await vectorOf(id, 'apricots')).toMatchObject({ found: false });
    await services.db.article.update({ where: { id }, data: { title: 'Busy harbour market' } });
    const retitled = await vectorOf(id, 'busy walnuts');
    expect(retitled).toMatchObject({ found: true });
    expect(retitled.stored).toBe(retitled.computed);

    // A row given a vector keeps it until its title or text changes (what a bulk load relies on); other columns
    // leave it alone.
    await services.db.$executeRaw`UPDATE "Article" SET "searchVector" = 'plum'::tsvector WHERE id = ${id}::uuid`;
    await services.db.article.update({ where: { id }, data: { imageUrl: 'https://vectors.example/a.jpg' } });
    expect(await vectorOf(id, 'plum')).toMatchObject({ found: true });
    await services.db.article.update({ where: { id }, data: { content: '<p>Stalls of figs.</p>' } });
    expect(await vectorOf(id, 'figs')).toMatchObject({ found: true });
    expect(await vectorOf(id, 'plum')).toMatchObject({ found: false });
  });

  it('keeps a vector a row is inserted with', async () => {
    const [row] = await services.db.$queryRaw<{ id: string }[]>`
      INSERT INTO "Article" (id, "feedId", guid, url, title, content, "publishedAt", "searchVector")
      VALUES (gen_random_uuid(), ${feed.id}::uuid, 'given', 'https://vectors.example/given', 'Orchard', '<p>Pears.</p>', now(),
              article_search_vector('Orchard', '<p>Pears.</p>') || 'kiwi'::tsvector)
      RETURNING id`;
    expect(await vectorOf(row!.id, 'kiwi pears')).toMatchObject({ found: true });
  });
});
