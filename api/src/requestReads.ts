import type { Services } from './domain/core/services.ts';
import type { ReadClients } from './db/readReplicas.ts';

/**
 * Where one request's lag-tolerant reads go (Services' `readDb` and `genericPlanReadDb`): the replica chosen when
 * the request began, until the request turns out to write; then the primary, so that it reads what it wrote.
 */
export class RequestReads {
  private writing = false;
  private unrecorded = false;

  constructor(
    private readonly services: Services,
    private readonly viewerId: string | null,
    private readonly replica: ReadClients | null,
  ) {}

  /**
   * Reads that tolerate lag: `services` with `readDb` and `genericPlanReadDb` on the replica, for as long as the
   * request does not write; `services` itself when no replica was chosen.
   */
  routedServices(): Services {
    const { services, replica } = this;
    if (replica === null) return services;
    const writing = () => this.writing;
    return {
      ...services,
      get readDb() {
        return writing() ? services.db : replica.db;
      },
      get genericPlanReadDb() {
        return writing() ? services.genericPlanDb : replica.genericPlanDb;
      },
    };
  }

  /** True while the request's lag-tolerant reads go to a replica. */
  get onReplica(): boolean {
    return this.replica !== null && !this.writing;
  }

  /** The request writes (a GraphQL mutation, a REST call but a GET): from now on it reads the primary. */
  markWriting(): void {
    this.writing = true;
    this.unrecorded = true;
  }

  /**
   * Once the request's writes are done, before its answer leaves: notes how far they reached, so that the viewer's
   * next requests read a replica only once it has them. Does nothing for a request that did not write.
   */
  async rememberWrites(): Promise<void> {
    if (!this.unrecorded) return;
    this.unrecorded = false;
    if (this.viewerId !== null) await this.services.readReplicas?.recordWrite(this.viewerId);
  }
}

/**
 * The reads of a request of `viewerId`: on a current replica that has the viewer's last write when `mayUseReplica`
 * (a request that may read only) and replicas are configured, else on the primary.
 */
export async function requestReads(services: Services, viewerId: string | null, mayUseReplica: boolean): Promise<RequestReads> {
  const replica = mayUseReplica && services.readReplicas ? await services.readReplicas.clientsFor(viewerId) : null;
  return new RequestReads(services, viewerId, replica);
}
