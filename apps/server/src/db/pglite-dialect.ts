import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, CompiledQuery, TransactionSettings } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';

/**
 * kysely-pglite's dialect with two fixes around its driver:
 * - PGlite is one database session, so the driver lends it to one user at a time: a transaction
 *   keeps it until commit or rollback, and other requests' queries wait instead of running inside it;
 * - results carry `numAffectedRows`, which Kysely's update and delete results read (the driver
 *   passes PGlite's `affectedRows` through under its own name).
 * With `keepOpen`, destroying the Kysely instance leaves the client open (its owner closes it) once the
 * work in hand has ended.
 */
export function pgliteDialect(client: PGlite, opts: { keepOpen?: boolean } = {}): Dialect {
  const inner = new KyselyPGlite(client).dialect;
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new SerialisedDriver(inner.createDriver(), opts.keepOpen ?? false),
    createIntrospector: (db: Kysely<any>) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

class SerialisedDriver implements Driver {
  private readonly inner: Driver;
  private readonly waiting: Array<() => void> = [];
  private busy = false;
  private readonly keepOpen: boolean;
  constructor(inner: Driver, keepOpen: boolean) {
    this.inner = inner;
    this.keepOpen = keepOpen;
  }
  init(): Promise<void> {
    return this.inner.init();
  }
  private closed = false;
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) {
      this.handOn();
      throw new Error('The database is closed');
    }
    this.busy = true;
    return new CountingConnection(await this.inner.acquireConnection());
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((connection as CountingConnection).inner);
    this.handOn();
  }
  /** The session to the next in line, or free. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  async destroy(): Promise<void> {
    this.closed = true;
    if (!this.keepOpen) return this.inner.destroy();
    // The client stays open for its owner: the work in hand ends first (a transaction commits or rolls
    // back), and whatever waited for the session is refused rather than run on the owner's next use.
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.handOn();
  }
}

class CountingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const res = (await this.inner.executeQuery<R>(query)) as QueryResult<R> & { affectedRows?: number };
    const affected = res.numAffectedRows ?? (res.affectedRows === undefined ? undefined : BigInt(res.affectedRows));
    return { rows: res.rows, numAffectedRows: affected };
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
