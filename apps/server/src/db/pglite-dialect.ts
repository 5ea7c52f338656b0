import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';

/**
 * Kysely on an embedded PGlite: PostgreSQL's adapter, introspector and query compiler, and a driver
 * that sends each query to the PGlite client (DECISIONS, "The PGlite dialect"):
 * - PGlite is one database session, so the driver lends it to one user at a time: a transaction
 *   keeps it until commit or rollback, and other requests' queries wait instead of running inside it;
 * - results carry `numAffectedRows` (PGlite's `affectedRows`), which Kysely's update and delete results read.
 * With `keepOpen`, destroying the Kysely instance leaves the client open (its owner closes it) once the
 * work in hand has ended.
 */
export function pgliteDialect(client: PGlite, opts: { keepOpen?: boolean } = {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialisedDriver(client, opts.keepOpen ?? false),
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class SerialisedDriver implements Driver {
  private readonly client: PGlite;
  private readonly connection: PGliteConnection;
  private readonly waiting: Array<() => void> = [];
  private busy = false;
  private readonly keepOpen: boolean;
  constructor(client: PGlite, keepOpen: boolean) {
    this.client = client;
    this.connection = new PGliteConnection(client);
    this.keepOpen = keepOpen;
  }
  async init(): Promise<void> {}
  private closed = false;
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) {
      this.handOn();
      throw new Error('The database is closed');
    }
    this.busy = true;
    return this.connection;
  }
  async releaseConnection(): Promise<void> {
    this.handOn();
  }
  /** The session to the next in line, or free. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // As Kysely's PostgreSQL driver starts one.
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(level || access ? `start transaction${level}${access}` : 'begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy(): Promise<void> {
    this.closed = true;
    if (!this.keepOpen) return this.client.close();
    // The client stays open for its owner: the work in hand ends first (a transaction commits or rolls
    // back), and whatever waited for the session is refused rather than run on the owner's next use.
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.handOn();
  }
}

class PGliteConnection implements DatabaseConnection {
  private readonly client: PGlite;
  constructor(client: PGlite) {
    this.client = client;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.client.query<R>(query.sql, [...query.parameters]);
    return { rows: res.rows, numAffectedRows: res.affectedRows === undefined ? undefined : BigInt(res.affectedRows) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
