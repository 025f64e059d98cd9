import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './database.ts';
import {
  constraintName,
  type DatabaseSchema,
  diffSchemas,
  expectedSchema,
  introspectDatabase,
  normalizeDefault,
  parsePrismaSchema,
  readPrismaSchema,
  SCHEMA_PRISMA_PATH,
} from './schemaDrift.ts';

/** Runs `use` with a client on `url`, inside a transaction that is rolled back. */
async function inRolledBackTransaction<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    return await use(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
  }
}

describe('the migrated database', async () => {
  const databaseUrl = await createTestDatabase();
  const expected = expectedSchema(readPrismaSchema());

  it('matches prisma/schema.prisma exactly', async () => {
    const actual = await inRolledBackTransaction(databaseUrl, introspectDatabase);
    const differences = diffSchemas(expected, actual);
    expect(differences, `the migrations differ from schema.prisma:\n${differences.join('\n')}`).toEqual([]);
  });

  it('reads the whole schema, so the check above is not vacuous', () => {
    const models = readFileSync(SCHEMA_PRISMA_PATH, 'utf8').match(/^model \w+/gm) ?? [];
    expect(models.length).toBeGreaterThan(10);
    expect(Object.keys(expected.tables)).toHaveLength(models.length);
    expect(expected.tables.Article?.indexes.Article_feedId_publishedAt_id_idx?.columns).toEqual(['feedId', 'publishedAt DESC', 'id DESC']);
    expect(expected.enums.NotificationType).toContain('comment_on_share');
    expect(expected.tables.Article?.indexes.Article_search_idx?.columns[1]).toMatch(/^\(ARRAY\[floor\(/);
  });

  it('reports changes made to the real database', async () => {
    const differences = await inRolledBackTransaction(databaseUrl, async (client) => {
      await client.query(`
        ALTER TABLE "Share" ALTER COLUMN "note" TYPE VARCHAR(500);
        ALTER TABLE "Share" ALTER COLUMN "isPublic" DROP NOT NULL;
        ALTER TABLE "Feed" ALTER COLUMN "title" SET DEFAULT 'untitled';
        DROP INDEX "Share_isPublic_createdAt_idx";
        CREATE INDEX "Share_isPublic_createdAt_idx" ON "Share"("createdAt" DESC, "isPublic");
        DROP INDEX "Comment_articleId_createdAt_id_idx";
        CREATE INDEX "Comment_articleId_createdAt_id_idx" ON "Comment"("articleId", "createdAt", "id");
        DROP INDEX "Follow_followingId_createdAt_followerId_idx";
        ALTER TABLE "Session" DROP CONSTRAINT "Session_userId_fkey";
        ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id")
          ON DELETE RESTRICT ON UPDATE CASCADE;
        ALTER TYPE "Role" ADD VALUE 'moderator';
        ALTER TABLE "User" ADD COLUMN "nickname" TEXT;
        ALTER TABLE "Feed" ADD CONSTRAINT "Feed_errorCount_check" CHECK ("errorCount" >= 0);
        CREATE TABLE "Stray" ("id" INTEGER);`);
      return diffSchemas(expected, await introspectDatabase(client));
    });
    expect(differences.sort()).toEqual(
      [
        'Share.note: type is character varying(500), schema.prisma says character varying(1000)',
        'Share.isPublic: is nullable, schema.prisma says NOT NULL',
        "Feed.title: default is 'untitled', schema.prisma says ''",
        'Share: index Share_isPublic_createdAt_idx is btree (createdAt DESC, isPublic), schema.prisma says btree (isPublic, createdAt DESC)',
        'Comment: index Comment_articleId_createdAt_id_idx is btree (articleId, createdAt, id), schema.prisma says btree (articleId, createdAt DESC, id DESC)',
        'Follow: index Follow_followingId_createdAt_followerId_idx btree (followingId, createdAt DESC, followerId DESC) is missing',
        'Session: foreign key Session_userId_fkey: ON DELETE is RESTRICT, schema.prisma says CASCADE',
        'enum Role: values are (user, admin, moderator), schema.prisma says (user, admin)',
        'User.nickname: column is not in schema.prisma',
        'Feed: constraint Feed_errorCount_check CHECK (("errorCount" >= 0)) is not in schema.prisma',
        'Stray: table is not in schema.prisma',
      ].sort(),
    );
  });

  // Storage parameters are not part of the drift check (schema.prisma cannot declare them): each is tested here.
  it('keeps the GIN indexes’ pending lists as the reads need them: none for the story bands, 2 MB for search', async () => {
    const options = await inRolledBackTransaction(databaseUrl, async (client) => {
      const { rows } = await client.query<{ name: string; options: string[] | null }>(
        `SELECT relname AS name, reloptions AS options FROM pg_class WHERE relname IN ('StoryKey_bands_idx', 'Article_search_idx') ORDER BY relname`,
      );
      return rows;
    });
    expect(options).toEqual([
      { name: 'Article_search_idx', options: ['gin_pending_list_limit=2048'] },
      { name: 'StoryKey_bands_idx', options: ['fastupdate=off'] },
    ]);
  });
});

const TINY_SCHEMA = `
datasource db {
  provider = "postgresql"
}

enum Mood {
  happy
  sad @map("SAD")
}

model Author {
  id    String @id @default(uuid(7)) @db.Uuid
  name  String @unique @db.Citext
  mood  Mood   @default(sad)
  posts Post[]
}

model Post {
  id        Int      @id @default(autoincrement())
  authorId  String?  @db.Uuid
  title     String   @default("") @db.VarChar(200)
  score     Int      @default(-1)
  tags      Json     @default("[]")
  createdAt DateTime @default(now())
  updatedAt DateTime @updatedAt @db.Timestamptz(3)
  author    Author?  @relation(fields: [authorId], references: [id])

  @@index([authorId, createdAt(sort: Desc)])
  @@map("posts")
}
`;

/** The tiny schema as hand-written PostgreSQL facts, which also pins the Prisma → PostgreSQL mapping. */
const TINY_EXPECTED: DatabaseSchema = {
  extensions: ['citext'],
  enums: { Mood: ['happy', 'SAD'] },
  tables: {
    Author: {
      columns: {
        id: { type: 'uuid', nullable: false, default: null },
        name: { type: 'citext', nullable: false, default: null },
        mood: { type: 'Mood', nullable: false, default: "'SAD'" },
      },
      primaryKey: { name: 'Author_pkey', columns: ['id'] },
      indexes: { Author_name_key: { columns: ['name'], unique: true, method: 'btree', predicate: null } },
      foreignKeys: {},
      checks: {},
    },
    posts: {
      columns: {
        id: { type: 'integer', nullable: false, default: `nextval('posts_id_seq'::regclass)` },
        authorId: { type: 'uuid', nullable: true, default: null },
        title: { type: 'character varying(200)', nullable: false, default: "''" },
        score: { type: 'integer', nullable: false, default: '-1' },
        tags: { type: 'jsonb', nullable: false, default: "'[]'" },
        createdAt: { type: 'timestamp(3) without time zone', nullable: false, default: 'CURRENT_TIMESTAMP' },
        updatedAt: { type: 'timestamp(3) with time zone', nullable: false, default: null },
      },
      primaryKey: { name: 'posts_pkey', columns: ['id'] },
      indexes: {
        posts_authorId_createdAt_idx: {
          columns: ['authorId', 'createdAt DESC'],
          unique: false,
          method: 'btree',
          predicate: null,
        },
      },
      foreignKeys: {
        posts_authorId_fkey: {
          columns: ['authorId'],
          referencedTable: 'Author',
          referencedColumns: ['id'],
          onDelete: 'SET NULL',
          onUpdate: 'CASCADE',
        },
      },
      checks: {},
    },
  },
};

describe('reading schema.prisma', () => {
  it('maps models to the tables Prisma Migrate would create', () => {
    expect(expectedSchema(parsePrismaSchema(TINY_SCHEMA))).toEqual(TINY_EXPECTED);
  });

  it('makes a required relation ON DELETE RESTRICT unless told otherwise', () => {
    const schema = TINY_SCHEMA.replace('authorId  String?', 'authorId  String').replace('Author?', 'Author');
    expect(expectedSchema(parsePrismaSchema(schema)).tables.posts?.foreignKeys.posts_authorId_fkey?.onDelete).toBe('RESTRICT');
  });

  it('reads an index on expressions from a `/// @index` line of its model', () => {
    const schema = TINY_SCHEMA.replace(
      /^model (\w+) \{\n/m,
      `model $1 {\n  /// @index search_idx gin "title", (lower(title || ', ' || "body")), (ARRAY[1, 2])\n`,
    );
    const table = Object.values(expectedSchema(parsePrismaSchema(schema)).tables)[0]!;
    expect(table.indexes.search_idx).toEqual({
      columns: ['title', `(lower(title || ', ' || "body"))`, '(ARRAY[1, 2])'],
      unique: false,
      method: 'gin',
      predicate: null,
    });
  });

  it('truncates long constraint names the way Prisma does', () => {
    const name = constraintName('T'.repeat(40), ['c'.repeat(30)], '_idx');
    expect(name).toHaveLength(63);
    expect(name.endsWith('_idx')).toBe(true);
    expect(constraintName('Share', ['userId', 'articleId'], '_key')).toBe('Share_userId_articleId_key');
  });
});

describe('normalising a database default', () => {
  it.each([
    ["''::text", 'text', "''"],
    ['\'user\'::"Role"', 'Role', "'user'"],
    ["'[]'::jsonb", 'jsonb', "'[]'"],
    ["'it''s'::character varying", 'character varying(10)', "'it''s'"],
    ["'-1'::integer", 'integer', '-1'],
    ["'0'::bigint", 'bigint', '0'],
    ["'0'::text", 'text', "'0'"],
    ['0', 'integer', '0'],
    ['false', 'boolean', 'false'],
    ['CURRENT_TIMESTAMP', 'timestamp(3) with time zone', 'CURRENT_TIMESTAMP'],
    ["'a'::text || 'b'::text", 'text', "'a'::text || 'b'::text"],
    [null, 'text', null],
  ])('%s in a %s column is %s', (expression, type, normalised) => {
    expect(normalizeDefault(expression, type)).toBe(normalised);
  });
});

describe('comparing schemas', () => {
  const base = expectedSchema(parsePrismaSchema(TINY_SCHEMA));

  /** The differences after `change` is applied to a copy of the tiny schema standing in for the database. */
  function differencesAfter(change: (actual: DatabaseSchema) => void): string[] {
    const actual = structuredClone(base);
    change(actual);
    return diffSchemas(base, actual);
  }

  it('finds none between equal schemas, and allows the migrations table', () => {
    expect(
      differencesAfter((db) => {
        db.tables.pgmigrations = { columns: {}, primaryKey: null, indexes: {}, foreignKeys: {}, checks: {} };
        db.extensions.push('plpgsql');
      }),
    ).toEqual([]);
  });

  it.each<[string, (db: DatabaseSchema) => void, string[]]>([
    ['a missing table', (db) => delete db.tables.posts, ['posts: table is missing']],
    [
      'an extra table',
      (db) => (db.tables.audit = { columns: {}, primaryKey: null, indexes: {}, foreignKeys: {}, checks: {} }),
      ['audit: table is not in schema.prisma'],
    ],
    ['a missing column', (db) => delete db.tables.posts!.columns.score, ['posts.score: column is missing']],
    [
      'an extra column',
      (db) => (db.tables.posts!.columns.legacy = { type: 'text', nullable: true, default: null }),
      ['posts.legacy: column is not in schema.prisma'],
    ],
    [
      'a column type',
      (db) => (db.tables.posts!.columns.title!.type = 'character varying(100)'),
      ['posts.title: type is character varying(100), schema.prisma says character varying(200)'],
    ],
    [
      'nullability',
      (db) => (db.tables.posts!.columns.authorId!.nullable = false),
      ['posts.authorId: is NOT NULL, schema.prisma says nullable'],
    ],
    [
      'a default',
      (db) => (db.tables.posts!.columns.createdAt!.default = 'now()'),
      ['posts.createdAt: default is now(), schema.prisma says CURRENT_TIMESTAMP'],
    ],
    [
      'a default the client should fill',
      (db) => (db.tables.Author!.columns.id!.default = 'gen_random_uuid()'),
      ['Author.id: default is gen_random_uuid(), schema.prisma says none'],
    ],
    [
      'a primary key',
      (db) => (db.tables.Author!.primaryKey = { name: 'Author_pk', columns: ['id'] }),
      ['Author: primary key is Author_pk (id), schema.prisma says Author_pkey (id)'],
    ],
    [
      'a missing index',
      (db) => delete db.tables.posts!.indexes.posts_authorId_createdAt_idx,
      ['posts: index posts_authorId_createdAt_idx btree (authorId, createdAt DESC) is missing'],
    ],
    [
      'an extra index',
      (db) => (db.tables.posts!.indexes.posts_title_idx = { columns: ['title'], unique: false, method: 'btree', predicate: null }),
      ['posts: index posts_title_idx btree (title) is not in schema.prisma'],
    ],
    [
      'the column order of an index',
      (db) => (db.tables.posts!.indexes.posts_authorId_createdAt_idx!.columns = ['createdAt DESC', 'authorId']),
      [
        'posts: index posts_authorId_createdAt_idx is btree (createdAt DESC, authorId), schema.prisma says btree (authorId, createdAt DESC)',
      ],
    ],
    [
      'the sort order of an index column',
      (db) => (db.tables.posts!.indexes.posts_authorId_createdAt_idx!.columns = ['authorId', 'createdAt']),
      ['posts: index posts_authorId_createdAt_idx is btree (authorId, createdAt), schema.prisma says btree (authorId, createdAt DESC)'],
    ],
    [
      'a unique index that is not unique',
      (db) => (db.tables.Author!.indexes.Author_name_key!.unique = false),
      ['Author: index Author_name_key is btree (name), schema.prisma says unique btree (name)'],
    ],
    [
      'a partial index',
      (db) => (db.tables.Author!.indexes.Author_name_key!.predicate = "(name <> ''::citext)"),
      ["Author: index Author_name_key is unique btree (name) WHERE (name <> ''::citext), schema.prisma says unique btree (name)"],
    ],
    [
      'a missing foreign key',
      (db) => delete db.tables.posts!.foreignKeys.posts_authorId_fkey,
      ['posts: foreign key posts_authorId_fkey (authorId) → Author(id) ON DELETE SET NULL ON UPDATE CASCADE is missing'],
    ],
    [
      'a foreign key ON DELETE action',
      (db) => (db.tables.posts!.foreignKeys.posts_authorId_fkey!.onDelete = 'CASCADE'),
      ['posts: foreign key posts_authorId_fkey: ON DELETE is CASCADE, schema.prisma says SET NULL'],
    ],
    [
      'a foreign key ON UPDATE action',
      (db) => (db.tables.posts!.foreignKeys.posts_authorId_fkey!.onUpdate = 'NO ACTION'),
      ['posts: foreign key posts_authorId_fkey: ON UPDATE is NO ACTION, schema.prisma says CASCADE'],
    ],
    [
      'the table a foreign key references',
      (db) => (db.tables.posts!.foreignKeys.posts_authorId_fkey!.referencedTable = 'User'),
      ['posts: foreign key posts_authorId_fkey is (authorId) → User(id), schema.prisma says (authorId) → Author(id)'],
    ],
    [
      'a CHECK constraint',
      (db) => (db.tables.posts!.checks.posts_score_check = 'CHECK ((score >= 0))'),
      ['posts: constraint posts_score_check CHECK ((score >= 0)) is not in schema.prisma'],
    ],
    [
      'an extra enum value',
      (db) => db.enums.Mood!.push('meh'),
      ['enum Mood: values are (happy, SAD, meh), schema.prisma says (happy, SAD)'],
    ],
    [
      'enum values in another order',
      (db) => db.enums.Mood!.reverse(),
      ['enum Mood: values are (SAD, happy), schema.prisma says (happy, SAD)'],
    ],
    ['a missing enum', (db) => delete db.enums.Mood, ['enum Mood: type is missing']],
    ['an extra enum', (db) => (db.enums.Color = ['red']), ['enum Color: type is not in schema.prisma']],
    ['a missing extension', (db) => (db.extensions = ['plpgsql']), ['extension citext is not installed']],
  ])('reports %s', (_, change, differences) => {
    expect(differencesAfter(change)).toEqual(differences);
  });

  it('reports every difference, not just the first', () => {
    expect(
      differencesAfter((db) => {
        delete db.tables.Author;
        db.tables.posts!.columns.score!.default = '0';
      }),
    ).toEqual(['Author: table is missing', 'posts.score: default is 0, schema.prisma says -1']);
  });
});
