import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { loadStarterPacks } from './starterPacks.ts';

const directory = mkdtempSync(path.join(os.tmpdir(), 'tidings-packs-'));
function packFile(content: unknown): string {
  const file = path.join(directory, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
const ownPack = {
  id: 'local-news',
  name: 'Local news',
  description: 'Our town.',
  icon: 'newspaper',
  feeds: [{ url: 'https://news.example.org/feed', title: 'Town news' }],
};

describe('starter packs', () => {
  it('ships at least eight curated packs with distinct ids and feed addresses', () => {
    const packs = loadStarterPacks();
    expect(packs.length).toBeGreaterThanOrEqual(8);
    const urls = packs.flatMap((pack) => pack.feeds.map((feed) => feed.url));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("adds the administrator's packs after the curated ones, replacing one of the same id", () => {
    const replaced = { ...ownPack, id: 'science', name: 'Our science' };
    const packs = loadStarterPacks(packFile({ starterPacks: [ownPack, replaced] }));
    expect(packs.at(-1)).toMatchObject({ id: 'local-news', feeds: [{ url: 'https://news.example.org/feed', description: '' }] });
    expect(packs.filter((pack) => pack.id === 'science')).toEqual([expect.objectContaining({ name: 'Our science' })]);
  });

  it.each([
    ['{ not json', /STARTER_PACKS_FILE: .*JSON/],
    [
      { starterPacks: [{ ...ownPack, feeds: [{ url: 'ftp://x.org/feed', title: 'X' }] }] },
      /starterPacks\.0\.feeds\.0\.url: must be an http\(s\) URL/,
    ],
    [{ starterPacks: [{ ...ownPack, feeds: [] }] }, /starterPacks\.0\.feeds: /],
    [{ starterPacks: [ownPack, ownPack] }, /names the starter pack "local-news" twice/],
    [{ starterPacks: [{ ...ownPack, icon: '🏘️' }] }, /starterPacks\.0\.icon: must be one of cpu, /],
  ])('stops start-up with a clear error for a bad file (%j)', (content, message) => {
    const env = { STARTER_PACKS_FILE: packFile(content) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names a missing file', () => {
    expect(() => loadConfig({ STARTER_PACKS_FILE: '/nonexistent/packs.json' })).toThrow(/STARTER_PACKS_FILE: .*ENOENT/);
  });
});
