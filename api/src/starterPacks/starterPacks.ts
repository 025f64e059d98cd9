import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The icons a pack may name (the web app draws them from its icon set; an emoji would depend on the reader's fonts). */
export const STARTER_PACK_ICONS = [
  ...['cpu', 'telescope', 'globe', 'palette', 'code', 'leaf', 'book-open', 'chef-hat', 'shield', 'newspaper', 'rss', 'music'],
  ...['film', 'gamepad', 'camera', 'briefcase', 'heart', 'trophy', 'landmark', 'flask', 'plane', 'sprout'],
] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const starterPack = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words separated by dashes')
    .max(64),
  name: text(80),
  description: text(300),
  icon: z.enum(STARTER_PACK_ICONS, { error: `must be one of ${STARTER_PACK_ICONS.join(', ')}` }),
  feeds: z
    .array(z.object({ url: httpUrl, title: text(200), description: z.string().trim().max(500).default('') }))
    .min(1)
    .max(100),
});

const starterPackFile = z.object({ starterPacks: z.array(starterPack) });

export type StarterPack = z.output<typeof starterPack>;

const CURATED = new URL('./starterPacks.json', import.meta.url);

/** Thrown when a starter pack file cannot be read or does not hold valid packs; the message says where and why. */
export class StarterPackFileError extends Error {}

function readPackFile(file: string | URL): StarterPack[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StarterPackFileError(`${String(file)}: ${(error as Error).message}`);
  }
  const parsed = starterPackFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new StarterPackFileError(`${String(file)} is not a valid starter pack file:\n${lines.join('\n')}`);
  }
  const ids = parsed.data.starterPacks.map((pack) => pack.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw new StarterPackFileError(`${String(file)} names the starter pack "${repeated}" twice`);
  return parsed.data.starterPacks;
}

/**
 * The curated starter packs shipped with Tidings, followed by the administrator's own (STARTER_PACKS_FILE, same
 * format); an administrator's pack with a curated pack's id replaces it, so a dead feed can be fixed without a
 * release. Read once at start-up: a bad file stops the process with a message that names the problem.
 */
export function loadStarterPacks(extraFile?: string): StarterPack[] {
  const packs = new Map(readPackFile(CURATED).map((pack) => [pack.id, pack]));
  if (extraFile) for (const pack of readPackFile(extraFile)) packs.set(pack.id, pack);
  return [...packs.values()];
}
