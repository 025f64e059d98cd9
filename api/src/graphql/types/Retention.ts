import { databaseSize, type DatabaseSize, type TableSize } from '../../domain/admin/databaseSize.ts';
import { retentionRuns, type RetentionRunView } from '../../domain/admin/retentionRuns.ts';
import { builder } from '../builder.ts';

const RetentionTriggerEnum = builder.enumType('RetentionTrigger', {
  description: 'Who started a retention pass.',
  values: {
    nightly: { description: 'The worker’s nightly pass.' },
    administrator: { description: 'An administrator’s “Run retention now”.' },
  },
});

const RetentionRunStatusEnum = builder.enumType('RetentionRunStatus', {
  description: 'Where a retention pass is.',
  values: {
    queued: { description: 'Waiting for the worker.' },
    running: { description: 'Deleting old articles batch by batch; its counts grow after each batch.' },
    done: { description: 'Finished.' },
    failed: { description: 'Stopped before the end; `error` says why (what it deleted until then stays deleted).' },
  },
});

// Not a node: a run is read only in the admin panel's list, never fetched alone (`runId`, not `id`, keeps Relay from
// expecting a global id).
export const RetentionRunRef = builder.objectRef<RetentionRunView>('RetentionRun').implement({
  description:
    'One retention pass: the old articles are read oldest first in batches of 1,000, each a short statement of its own that deletes those nobody kept, with its progress recorded after each batch.',
  fields: (t) => ({
    runId: t.exposeID('id', { description: 'The run’s id, as `POST /api/admin/retention/run` names it.' }),
    trigger: t.field({ type: RetentionTriggerEnum, description: 'Nightly or asked for.', resolve: (run) => run.trigger }),
    requestedBy: t.exposeString('requestedBy', {
      nullable: true,
      description: 'The username of the administrator who asked for it; null for the nightly pass or once that account is deleted.',
    }),
    status: t.field({ type: RetentionRunStatusEnum, description: 'Queued, running, done or failed.', resolve: (run) => run.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was asked for (queued).' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'When the worker began it; null while queued.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'When it finished or failed; null until then.' }),
    deleted: t.exposeInt('deleted', { description: 'Articles deleted so far.' }),
    batches: t.exposeInt('batches', { description: 'Batches run so far, each of 1,000 old articles read.' }),
    freedBytes: t.exposeFloat('freedBytes', {
      description: 'Bytes the deleted articles’ rows held (the space freed for new rows; the files shrink only after a VACUUM FULL).',
    }),
    cutoff: t.expose('cutoff', {
      type: 'DateTime',
      nullable: true,
      description: 'Articles published before this went, unless kept; null while queued and when retention is off (0 days).',
    }),
    reachedAt: t.expose('reachedAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'The publication date of the last article the pass has read, oldest first, on its way to `cutoff`; null before its first batch.',
    }),
    keepPerFeed: t.exposeInt('keepPerFeed', {
      nullable: true,
      description: 'The newest this many of each feed stayed; null while queued.',
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed; null otherwise.' }),
  }),
});

const TableSizeRef = builder.objectRef<TableSize>('AdminTableSize').implement({
  description: 'A table of the database and its size on disk; a partitioned table is one, its partitions summed.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The table’s name.' }),
    rows: t.exposeFloat('rows', {
      nullable: true,
      description: 'Rows, as the planner estimates them since the last VACUUM or ANALYZE; null before PostgreSQL first analysed the table.',
    }),
    heapBytes: t.exposeFloat('heapBytes', { description: 'Bytes of the rows themselves, with their free-space and visibility maps.' }),
    toastBytes: t.exposeFloat('toastBytes', { description: 'Bytes of long values stored aside (TOAST), with their own index.' }),
    indexBytes: t.exposeFloat('indexBytes', { description: 'Bytes of its indexes.' }),
    totalBytes: t.exposeFloat('totalBytes', { description: 'All of the above together.' }),
  }),
});

const DatabaseSizeRef = builder.objectRef<DatabaseSize>('AdminDatabaseSize').implement({
  description: 'The database’s size on disk, and its tables’, largest first.',
  fields: (t) => ({
    totalBytes: t.exposeFloat('totalBytes', { description: 'The whole database, the job queue’s tables included.' }),
    tables: t.field({ type: [TableSizeRef], description: 'The app’s tables, largest first.', resolve: (size) => size.tables }),
  }),
});

// Administrators only, signed in with a session: the domain refuses anyone else.
builder.queryFields((t) => ({
  retentionRuns: t.field({
    type: [RetentionRunRef],
    description: 'The latest retention passes, newest first, with their progress (administrators only).',
    args: { limit: t.arg.int({ description: 'How many: 1 to 50, 10 unless given.' }) },
    resolve: (_root, { limit }, context) => retentionRuns(context.services, context.viewer, { limit }),
  }),
  adminDatabaseSize: t.field({
    type: DatabaseSizeRef,
    description: 'The database’s size by table (administrators only).',
    resolve: (_root, _args, context) => databaseSize(context.services, context.viewer),
  }),
}));
