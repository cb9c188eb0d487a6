import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, as node-postgres has them on PostgreSQL.
 *
 * Drizzle's `.prepare(name)` keeps the name to itself on PGlite and sends the statement's text on
 * every call: PGlite then parses and plans it each time, and for a statement of a few joins the
 * planning is most of its cost in WebAssembly (measured, issue 18: the member portal's statement
 * 0.8 ms prepared against 1.7-1.9 ms planned each time). {@link preparePgliteStatements} makes a
 * drizzle PGlite database send a named Parse once per statement name, then only Bind, Describe,
 * Execute and Sync, in one call into PGlite. Statements without a name are untouched.
 *
 * PostgreSQL re-plans a prepared statement itself when a table it reads changes (DDL, a restore);
 * a statement the backend no longer knows (`DEALLOCATE`) is parsed again once.
 */

const { serialize } = protocol;

/** The PostgreSQL error code for an unknown prepared statement. */
const INVALID_SQL_STATEMENT_NAME = '26000';

/** A PGlite client whose `query` runs named statements (one per name) for drizzle's prepared queries. */
interface NamedClient {
  query<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The client of one statement name: the first call (and any call after the text changed or the
 * backend forgot it) parses the statement under `pglite_<name>` and reads its parameter types;
 * every call binds the values (serialized by those types, as PGlite's `query` does) and executes.
 * Waits for a transaction in progress and holds the query lock, as `PGlite.query` does.
 */
function namedClient(pglite: PGlite, name: string): NamedClient {
  const statement = `pglite_${name}`;
  let parsed: { text: string; paramTypes: number[] } | null = null;

  const parseStatement = async (text: string) => {
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.parse({ name: statement, text }),
        serialize.describe({ type: 'S', name: statement }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    parsed = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
  };

  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (parsed?.text !== text) {
      if (parsed) {
        await pglite.execProtocolStream(concat([serialize.close({ type: 'S', name: statement }), serialize.sync()]), {
          syncToFs: false,
        });
        parsed = null;
      }
      await parseStatement(text);
    }
    const types = parsed!.paramTypes;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index];
      const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? pglite.serializers[type]);
      return serializer ? serializer(value) : String(value as string);
    });
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.bind({ statement, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  };

  return {
    query: async <T>(text: string, params: unknown[], options?: QueryOptions) => {
      // As PGlite.query: a closing or closed database throws 'PGlite is closing' / 'PGlite is
      // closed', which the error handler answers as 503 UNAVAILABLE (docs/domain.md, "ER-04").
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            if ((error as { code?: string }).code !== INVALID_SQL_STATEMENT_NAME) throw error;
            parsed = null;
            return await run<T>(text, params, options);
          } finally {
            if (!pglite.isInTransaction()) await pglite.syncToFs();
          }
        }),
      );
    },
  };
}

/** The query option naming the statement a call of `PGlite.query` runs (see {@link preparePgliteStatements}). */
const STATEMENT = Symbol('pglite statement name');

/** The parts of drizzle's PGlite session this needs (drizzle-orm/pglite, `PgliteSession`). */
interface DrizzlePgliteSession {
  prepareQuery(...args: unknown[]): { client: unknown };
}

/**
 * Makes the `.prepare(name)` queries of a drizzle PGlite database named statements of `pglite`
 * (see the module's comment). Call it once, on the database (not a transaction: queries in a
 * transaction keep PGlite's ordinary path). The prepared queries answer exactly as before (same
 * parsers, same row mode); only the statement is parsed and planned once.
 * @param db the drizzle database made on `pglite` by `drizzle-orm/pglite`
 */
export function preparePgliteStatements(db: unknown, pglite: PGlite): void {
  const session = (db as { session: DrizzlePgliteSession }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  const clients = new Map<string, NamedClient>();
  // Every statement still goes through `pglite.query` (one call a statement, as before, which is
  // what a caller counting or watching statements sees); a named one leaves it here.
  const query = pglite.query.bind(pglite);
  pglite.query = (<T>(text: string, params?: unknown[], options?: QueryOptions & { [STATEMENT]?: string }) => {
    const name = options?.[STATEMENT];
    if (name === undefined) return query<T>(text, params, options);
    let client = clients.get(name);
    if (!client) clients.set(name, (client = namedClient(pglite, name)));
    return client.query<T>(text, params ?? [], options);
  }) as PGlite['query'];
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    // prepareQuery(query, fields, name, ...): name is undefined for unprepared queries.
    const name = args[2];
    if (typeof name === 'string' && name !== '') {
      prepared.client = {
        query: (text: string, params: unknown[], options?: QueryOptions) =>
          pglite.query(text, params, { ...options, [STATEMENT]: name } as QueryOptions),
      };
    }
    return prepared;
  };
}
