import { parseCrontab, type JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { newReader } from '../../test/articleFixtures.ts';
import { startFakePostmark } from '../../test/fakePostmark.ts';
import { createTestServices, testConfig } from '../../test/services.ts';
import { digestJobKey, scheduleWeeklyDigests } from '../domain/digests/scheduleDigests.ts';
import { scheduledWeek } from '../domain/digests/week.ts';
import { generateDigestTask } from './tasks/generate_digest.ts';
import { scheduleDigestsTask } from './tasks/schedule_digests.ts';
import { sendEmailTask } from './tasks/send_email.ts';
import { CRONTAB } from './worker.ts';

const helpers = { logger: { info: vi.fn(), warn: vi.fn() } } as unknown as JobHelpers; // only the logger is used
const services = await createTestServices({
  TZ: 'Europe/Berlin',
  POSTMARK_SERVER_TOKEN: 'server-token',
  EMAIL_FROM: 'digest@tidings.test',
});

type QueuedJob = { key: string | null; payload: Record<string, unknown>; identifier: string };
const queued = () =>
  services.db.$queryRaw<QueuedJob[]>`
    SELECT j.key, j.payload, t.identifier FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id ORDER BY j.id`;

/** Whether the crontab wakes schedule_digests at `instant` (its entries match on UTC). */
function crontabWakesDigestsAt(instant: Date): boolean {
  const digest = {
    min: instant.getUTCMinutes(),
    hour: instant.getUTCHours(),
    date: instant.getUTCDate(),
    month: instant.getUTCMonth() + 1,
    dow: instant.getUTCDay(),
  };
  return parseCrontab(CRONTAB).some((item) => item.task === 'schedule_digests' && item.match(digest));
}

describe('the weekly schedule', () => {
  it.each([
    ['Europe/Berlin in winter (UTC+1)', 'Europe/Berlin', '2026-11-29T05:00:00Z', '2026-11-29'],
    ['Europe/Berlin in summer (UTC+2)', 'Europe/Berlin', '2026-06-28T04:00:00Z', '2026-06-28'],
    ['UTC', 'UTC', '2026-11-29T06:00:00Z', '2026-11-29'],
    ['Kiritimati (UTC+14): Saturday in UTC', 'Pacific/Kiritimati', '2026-11-28T16:00:00Z', '2026-11-29'],
    ['UTC-12: Sunday evening in UTC', 'Etc/GMT+12', '2026-11-29T18:00:00Z', '2026-11-29'],
  ])('wakes at Sunday 06:00 in %s, and only then', (_name, zone, instant, week) => {
    const at = new Date(instant);
    expect(scheduledWeek(at, zone)).toBe(week);
    expect(crontabWakesDigestsAt(at)).toBe(true);
    expect(scheduledWeek(new Date(at.getTime() + 60 * 60 * 1000), zone)).toBeNull();
    expect(scheduledWeek(new Date(at.getTime() - 24 * 60 * 60 * 1000), zone)).toBeNull();
  });

  it('backfills a missed Sunday once the worker is back (7 days), with one id per crontab line', () => {
    const items = parseCrontab(CRONTAB).filter((item) => item.task === 'schedule_digests');
    expect(items.map((item) => item.options.backfillPeriod)).toEqual([7 * 24 * 3600 * 1000, 7 * 24 * 3600 * 1000]);
    expect(new Set(items.map((item) => item.identifier)).size).toBe(2);
  });
});

describe('fanning out and generating', async () => {
  const sunday = new Date('2026-11-29T05:00:00Z'); // 06:00 in Berlin
  const [on, off] = [await newReader(services), await newReader(services)];
  await services.db.user.update({ where: { id: off.id }, data: { digestEnabled: false } });

  it('queues one job per user with digests on, keyed by user and week, and never two on a second run or at another hour', async () => {
    await scheduleDigestsTask(services)({ _cron: { ts: sunday.toISOString(), backfilled: true } }, helpers);
    await scheduleDigestsTask(services)({ _cron: { ts: sunday.toISOString(), backfilled: false } }, helpers);
    expect(await scheduleWeeklyDigests(services, new Date('2026-11-29T06:00:00Z'))).toEqual({ week: null, queued: 0 });
    const jobs = (await queued()).filter((job) => job.identifier === 'generate_digest');
    expect(jobs).toEqual([
      {
        identifier: 'generate_digest',
        key: digestJobKey(on.id, '2026-11-29'),
        payload: { userId: on.id, week: '2026-11-29', end: sunday.toISOString() },
      },
    ]);
  });

  it('makes the digest of the 7 days before Sunday 06:00, notifies, and e-mails it as plain text through Postmark', async () => {
    const [job] = (await queued()).filter((entry) => entry.identifier === 'generate_digest');
    await generateDigestTask(services)(job!.payload, helpers);
    await generateDigestTask(services)(job!.payload, helpers);
    const digests = await services.db.digest.findMany({ where: { userId: on.id } });
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ week: '2026-11-29', endDate: sunday, startDate: new Date('2026-11-22T05:00:00Z') });
    expect(await services.db.notification.count({ where: { userId: on.id, type: 'digest' } })).toBe(1);

    const postmark = await startFakePostmark();
    const [email] = (await queued()).filter((entry) => entry.identifier === 'send_email');
    const config = testConfig({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'digest@tidings.test', POSTMARK_API_URL: postmark.url });
    await sendEmailTask(config)(email!.payload, helpers);
    const received = postmark.received.map((request) => request.body);
    expect(received).toEqual([
      expect.objectContaining({
        To: `${on.username}@example.com`,
        Subject: digests[0]!.title,
        TextBody: expect.stringContaining('Topic Connections\n================='),
      }),
    ]);
    expect(received[0]!.TextBody).toContain(`Read it on Tidings: http://tidings.test/digest/${digests[0]!.id}`);
  });
});
