import { randomBytes } from 'node:crypto';
import type { Services } from '../core/services.ts';
import type { MediaProxy } from './mediaAddress.ts';

const NAME = 'media-proxy';
const generated = new WeakMap<object, Promise<string>>();

/**
 * The key that signs media addresses: MEDIA_PROXY_SECRET when set, else one generated on first use and kept in the
 * database, so every replica signs alike and addresses survive a restart. Read once per process.
 */
export function mediaSecret(services: Pick<Services, 'db' | 'config'>): Promise<string> {
  if (services.config.mediaProxySecret) return Promise.resolve(services.config.mediaProxySecret);
  let secret = generated.get(services.db);
  if (!secret) {
    secret = storedSecret(services.db);
    generated.set(services.db, secret);
    secret.catch(() => generated.delete(services.db));
  }
  return secret;
}

async function storedSecret(db: Services['db']): Promise<string> {
  // Two replicas starting together both insert; the first insert wins and both read it back.
  await db.instanceSecret.createMany({ data: [{ name: NAME, value: randomBytes(32).toString('base64url') }], skipDuplicates: true });
  const row = await db.instanceSecret.findUniqueOrThrow({ where: { name: NAME } });
  return row.value;
}

/** How this instance rewrites media addresses (MEDIA_PROXY), with its signing key when it signs at all. */
export async function mediaProxyFor(services: Pick<Services, 'db' | 'config'>): Promise<MediaProxy> {
  const { mediaProxy: mode, publicUrl } = services.config;
  return { mode, publicUrl, secret: mode === 'off' ? '' : await mediaSecret(services) };
}
