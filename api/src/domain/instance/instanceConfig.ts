import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../core/errors.ts';
import { requiredText } from '../core/fields.ts';
import { INSTANCE_DESCRIPTION_MAX, INSTANCE_NAME_MAX, MAX_USERS_LIMIT } from '@tidings/shared/limits';
import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';

// The one row of InstanceConfig; its migration creates it and nothing deletes it.
const CONFIG_ID = 1;

/** The instance's settings as administrators see and edit them; maxUsers 0 means unlimited. */
export type InstanceConfig = { name: string; description: string; allowRegistration: boolean; maxUsers: number };

/** What anyone, signed in or not, may know of the instance: for page titles and the sign-in and register screens. */
export type PublicInstance = Omit<InstanceConfig, 'maxUsers'>;

const configSelect = { name: true, description: true, allowRegistration: true, maxUsers: true } satisfies Prisma.InstanceConfigSelect;

type Db = Services['db'] | Prisma.TransactionClient;

// Max users is a number of at least 0 (null: 0, unlimited). The form's "non-numeric counts as 0" is the web
// app's to apply as the administrator types; here a number that is not plainly one ('12abc', '', '1e3', '0x10',
// 12.5, true) is refused, not stored as 0, which would lift the limit. Text of digits is its number.
const maxUsers = z.preprocess(
  (value) => (value === null ? 0 : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (typeof issue.input === 'string' ? 'Max users must be a whole number' : 'Max users must be a number') })
    .int('Max users must be a whole number')
    .min(0, 'Max users must be at least 0')
    .max(MAX_USERS_LIMIT, `Max users must be at most ${MAX_USERS_LIMIT.toLocaleString('en')}`),
);

// A PATCH: any subset may be given, whatever is given must be right, and an unknown key is refused (not ignored).
const updateInput = z.strictObject(
  {
    name: requiredText('Instance name')
      .trim()
      .min(1, 'Instance name is required')
      .max(INSTANCE_NAME_MAX, `Instance name must be at most ${INSTANCE_NAME_MAX} characters`)
      .optional(),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(INSTANCE_DESCRIPTION_MAX, `Description must be at most ${INSTANCE_DESCRIPTION_MAX} characters`)
      .nullish()
      .transform((value) => (value === undefined ? undefined : (value ?? ''))),
    allowRegistration: z.boolean({ error: 'allowRegistration must be true or false' }).optional(),
    maxUsers: maxUsers.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined) },
);

/** The instance's settings; administrators only. */
export async function getInstanceConfig(services: Services, viewer: Viewer | null): Promise<InstanceConfig> {
  requireAdministrator(viewer);
  return readConfig(services.db);
}

/** Changes the given settings, leaving the others as they are, and answers all of them; administrators only. */
export async function updateInstanceConfig(services: Services, viewer: Viewer | null, input: unknown): Promise<InstanceConfig> {
  const admin = requireAdministrator(viewer);
  const data = parseInput(updateInput, input ?? {});
  // The update locks the row, so it waits for (and never interleaves with) a registration checking maxUsers.
  const config = await services.db.instanceConfig.update({ where: { id: CONFIG_ID }, data, select: configSelect });
  services.log.info({ userId: admin.id, changed: Object.keys(data) }, 'instance configuration changed');
  return config;
}

/** The public part of the settings. Read on each use (one primary-key row), so every replica sees a change at once. */
export async function getPublicInstance(services: Services): Promise<PublicInstance> {
  const { maxUsers: _, ...shown } = await readConfig(services.db);
  return shown;
}

/** The instance's name, for what the server writes itself: the public feed's title, e-mail subjects and texts. */
export async function instanceName(db: Db): Promise<string> {
  return (await readConfig(db)).name;
}

/**
 * The registration rules, with the settings row locked until the caller's transaction ends: registrations then
 * run one after another, so counting the users and inserting one cannot be interleaved past maxUsers.
 */
export async function lockRegistrationRules(tx: Prisma.TransactionClient): Promise<Pick<InstanceConfig, 'allowRegistration' | 'maxUsers'>> {
  const [rules] = await tx.$queryRaw<Pick<InstanceConfig, 'allowRegistration' | 'maxUsers'>[]>`
    SELECT "allowRegistration", "maxUsers" FROM "InstanceConfig" WHERE "id" = ${CONFIG_ID} FOR UPDATE`;
  return rules!;
}

function readConfig(db: Db): Promise<InstanceConfig> {
  return db.instanceConfig.findUniqueOrThrow({ where: { id: CONFIG_ID }, select: configSelect });
}
