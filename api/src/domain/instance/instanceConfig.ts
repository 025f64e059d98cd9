import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../core/errors.ts';
import { requiredText } from '../core/fields.ts';
import { INSTANCE_DESCRIPTION_MAX, INSTANCE_NAME_MAX, MAX_USERS_LIMIT } from '@tidings/shared/limits';
import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';

// The one row of InstanceConfig; its migration creates it and nothing deletes it.
const CONFIG_ID = 1;

/**
 * The instance's settings as administrators see and edit them; maxUsers 0 means unlimited; retentionDays (0: never)
 * and retentionKeepPerFeed are the ones in force, the environment's defaults until an administrator sets them.
 */
export type InstanceConfig = {
  name: string;
  description: string;
  allowRegistration: boolean;
  maxUsers: number;
  retentionDays: number;
  retentionKeepPerFeed: number;
};

/** What anyone, signed in or not, may know of the instance: for page titles and the sign-in and register screens. */
export type PublicInstance = Pick<InstanceConfig, 'name' | 'description' | 'allowRegistration'>;

const configSelect = {
  name: true,
  description: true,
  allowRegistration: true,
  maxUsers: true,
  retentionDays: true,
  retentionKeepPerFeed: true,
} satisfies Prisma.InstanceConfigSelect;

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
    // null goes back to the environment's default.
    retentionDays: z
      .number({ error: 'retentionDays must be a number of days' })
      .int('retentionDays must be a whole number of days')
      .min(0, 'retentionDays must be 0 (keep every article) or more')
      .max(36_500, 'retentionDays must be at most 36,500')
      .nullish(),
    retentionKeepPerFeed: z
      .number({ error: 'retentionKeepPerFeed must be a number' })
      .int('retentionKeepPerFeed must be a whole number')
      .min(0, 'retentionKeepPerFeed must be at least 0')
      .max(100_000, 'retentionKeepPerFeed must be at most 100,000')
      .nullish(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined) },
);

/** The instance's settings; administrators only. */
export async function getInstanceConfig(services: Services, viewer: Viewer | null): Promise<InstanceConfig> {
  requireAdministrator(viewer);
  return readConfig(services);
}

/** Changes the given settings, leaving the others as they are, and answers all of them; administrators only. */
export async function updateInstanceConfig(services: Services, viewer: Viewer | null, input: unknown): Promise<InstanceConfig> {
  const admin = requireAdministrator(viewer);
  const data = parseInput(updateInput, input ?? {});
  // The update locks the row, so it waits for (and never interleaves with) a registration checking maxUsers.
  const row = await services.db.instanceConfig.update({ where: { id: CONFIG_ID }, data, select: configSelect });
  services.log.info({ userId: admin.id, changed: Object.keys(data) }, 'instance configuration changed');
  return inForce(row, services);
}

/** The public part of the settings. Read on each use (one primary-key row), so every replica sees a change at once. */
export async function getPublicInstance(services: Services): Promise<PublicInstance> {
  const { name, description, allowRegistration } = await readRow(services.db);
  return { name, description, allowRegistration };
}

/** The instance's name, for what the server writes itself: the public feed's title, e-mail subjects and texts. */
export async function instanceName(db: Db): Promise<string> {
  return (await readRow(db)).name;
}

/** The retention settings in force: the administrator's, else the environment's defaults. */
export async function retentionSettings(services: Pick<Services, 'db' | 'config'>): Promise<{ days: number; keepPerFeed: number }> {
  const { retentionDays, retentionKeepPerFeed } = await readConfig(services);
  return { days: retentionDays, keepPerFeed: retentionKeepPerFeed };
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

type ConfigRow = Prisma.InstanceConfigGetPayload<{ select: typeof configSelect }>;

function readRow(db: Db): Promise<ConfigRow> {
  return db.instanceConfig.findUniqueOrThrow({ where: { id: CONFIG_ID }, select: configSelect });
}

async function readConfig(services: Pick<Services, 'db' | 'config'>): Promise<InstanceConfig> {
  return inForce(await readRow(services.db), services);
}

function inForce(row: ConfigRow, services: Pick<Services, 'config'>): InstanceConfig {
  const { retention } = services.config;
  return {
    ...row,
    retentionDays: row.retentionDays ?? retention.days,
    retentionKeepPerFeed: row.retentionKeepPerFeed ?? retention.keepPerFeed,
  };
}
