/** A position in PostgreSQL's write-ahead log (pg_lsn), as a number that compares. */
export type WalPosition = bigint;

/** Reads pg_lsn's text form, `16/B374D848`: the high and low 32 bits in hexadecimal. */
export function walPosition(lsn: string): WalPosition {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** One replica as the set sees it: its clients, and how to ask how far it has replayed (null: it is not a standby). */
export type ReplicaProbe<Clients> = { clients: Clients; replayed: () => Promise<WalPosition | null> };

export type ReplicaSetOptions = {
  /** How often the primary's position and each replica's are read. */
  checkIntervalMs: number;
  /** A replica that has not replayed what the primary had written this long ago is skipped. */
  maxLagMs: number;
  now?: () => number;
  /** Told once when a replica stops answering or is not a standby, and once when it answers again. */
  onReplicaChange?: (index: number, problem: Error | null) => void;
};

type ReplicaState<Clients> = ReplicaProbe<Clients> & {
  /** What it had replayed at its last answer. */
  position: WalPosition | null;
  /** The newest moment whose primary position it had replayed: how current its data is. */
  currentAsOf: number;
  checking: boolean;
  failing: boolean;
};

/**
 * Streaming replicas and how current each is. Every `checkIntervalMs` it notes the primary's WAL position with the
 * time, then asks each replica how far it has replayed: a replica is as current as the newest noted position it has
 * reached. Comparing positions, not the replica's last replayed commit time, keeps an idle primary's replica current
 * (nothing new to replay) and needs no clock shared between servers. A replica that does not answer, or is not a
 * standby, counts as not current at once.
 *
 * Checks start with the first `pick`, so a process that never reads through it (the worker) opens no connections.
 */
export class ReplicaSet<Clients> {
  private readonly replicas: ReplicaState<Clients>[];
  private readonly now: () => number;
  /** The primary's positions noted over the last `maxLagMs` and one more, oldest first. */
  private primaryPositions: { at: number; position: WalPosition }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sampling = false;
  private closed = false;
  private turn = 0;

  constructor(
    private readonly primaryPosition: () => Promise<WalPosition>,
    replicas: readonly ReplicaProbe<Clients>[],
    private readonly options: ReplicaSetOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.replicas = replicas.map((replica) => ({
      ...replica,
      position: null,
      currentAsOf: Number.NEGATIVE_INFINITY,
      checking: false,
      failing: false,
    }));
  }

  /**
   * The next current replica in turn that has replayed `after` (the reader's own last write), or null: then the
   * primary answers.
   */
  pick(after: WalPosition | null = null): Clients | null {
    this.start();
    const oldestAllowed = this.now() - this.options.maxLagMs;
    const usable = this.replicas.filter(
      (replica) => replica.currentAsOf >= oldestAllowed && (after === null || (replica.position !== null && replica.position >= after)),
    );
    if (usable.length === 0) return null;
    this.turn = (this.turn + 1) % usable.length;
    return usable[this.turn]!.clients;
  }

  /**
   * Runs one check now (the timer's, and tests'): the primary's position, then every replica's. A check still waiting
   * for its answer (a host that does not answer) is not started again; the others go on.
   */
  async check(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    const at = this.now();
    let position: WalPosition;
    try {
      position = await this.primaryPosition();
    } catch {
      // Without the primary's position nothing can be judged current: the replicas age until it answers again.
      return;
    } finally {
      this.sampling = false;
    }
    this.primaryPositions.push({ at, position });
    const kept = at - this.options.maxLagMs - this.options.checkIntervalMs;
    while (this.primaryPositions.length > 1 && this.primaryPositions[0]!.at < kept) this.primaryPositions.shift();
    await Promise.all(this.replicas.map((replica, index) => (replica.checking ? undefined : this.checkReplica(replica, index))));
  }

  private async checkReplica(replica: ReplicaState<Clients>, index: number): Promise<void> {
    replica.checking = true;
    try {
      const replayed = await replica.replayed();
      if (replayed === null) throw new Error('not a standby: pg_last_wal_replay_lsn() is null (a primary, or promoted)');
      replica.position = replayed;
      const reached = this.primaryPositions.findLast((noted) => noted.position <= replayed);
      if (reached && reached.at > replica.currentAsOf) replica.currentAsOf = reached.at;
      if (replica.failing) this.options.onReplicaChange?.(index, null);
      replica.failing = false;
    } catch (error) {
      replica.currentAsOf = Number.NEGATIVE_INFINITY;
      if (!replica.failing) this.options.onReplicaChange?.(index, error instanceof Error ? error : new Error(String(error)));
      replica.failing = true;
    } finally {
      replica.checking = false;
    }
  }

  private start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.check(), this.options.checkIntervalMs).unref();
    void this.check();
  }

  /** Stops the checks. */
  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }
}
