import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { SERVER_KEY, type AppContext } from '../context.ts';

/** Statements that only read (raw SQL too); everything else may change what the server cached. */
function readsOnly(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return true;
  return node.kind === 'RawNode' && /^\s*(select|with)\b/i.test(node.sqlFragments.join(' '));
}

/** Calls `forget` after each statement that may write (a Kysely plugin). */
class ForgetOnWrite implements KyselyPlugin {
  private readonly writes = new WeakSet<object>();
  private readonly forget: () => void;
  constructor(forget: () => void) {
    this.forget = forget;
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (!readsOnly(node)) this.writes.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.has(queryId)) this.forget();
    return result;
  }
}

/**
 * The server's context as a test sees it: the same services, and a `db` on which every write
 * empties the server's API caches. A test that changes rows behind the server's back (a plan, an
 * expiry, a role: what an operator does with `npm run admin`, which tells the servers) is then seen
 * by the next request, as after the operator's command; the server's own writes (the app's `db`)
 * still rely on their own invalidations, which the cache tests check.
 */
export function testView(ctx: AppContext): AppContext {
  const db = ctx.db.withPlugin(new ForgetOnWrite(() => ctx.caches.dropAll()));
  const view = new Proxy(ctx, { get: (target, key, receiver) => (key === 'db' ? db : key === SERVER_KEY ? target : Reflect.get(target, key, receiver)) });
  servers.set(view, ctx);
  return view;
}

const servers = new WeakMap<AppContext, AppContext>();

/** The server's own `db` behind a test's view: writes on it leave the caches as they are (the TTL tests). */
export function serverDb(view: AppContext): AppContext['db'] {
  return (servers.get(view) ?? view).db;
}
