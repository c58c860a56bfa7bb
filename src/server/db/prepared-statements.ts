import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL (issue 33). `pg` sends every query unnamed: PostgreSQL
 * parses and plans it afresh each time, which is most of a checkout's database CPU (about fifteen
 * short statements). Named, a statement is parsed once per connection and then only bound and run.
 *
 * The statements a connection prepares are bounded: the first `limit` distinct texts the process
 * sends get a name (`s1`, `s2`, ...; the same name on every connection), any text after that runs
 * unnamed as before. Kysely writes a list's placeholders into the text (`in ($1, $2, $3)`), so texts
 * vary with list lengths; the bound keeps a connection's statements, and the server memory they
 * hold, from growing with them. Only plain reads and writes are named (select, insert, update, delete,
 * with), never transaction control or DDL.
 *
 * A schema change made by another instance (an upgrade's migration) can leave a connection's prepared
 * statement unusable ("cached plan must not change result type"): that query is sent again unnamed,
 * and its text stays unnamed on that connection.
 */
export const PREPARED_STATEMENTS_LIMIT = 500;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const CACHED_PLAN_CHANGED = '0A000';

type Query = (...args: unknown[]) => unknown;

export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(readonly limit: number = PREPARED_STATEMENTS_LIMIT) {}

  /** The statement's name, or undefined when it runs unnamed (not a plain query, or past the bound). */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.limit || !PREPARABLE.test(text)) return undefined;
    const name = `s${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/** Makes every connection the pool opens send the queries `names` names as named prepared statements. */
export function prepareStatements(pool: pg.Pool, names: StatementNames = new StatementNames()): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    // Texts whose prepared statement went stale on this connection: sent unnamed from then on.
    const stale = new Set<string>();
    const named = ((text: unknown, values: unknown, callback?: unknown) => {
      const name = typeof text === 'string' && Array.isArray(values) && callback === undefined && !stale.has(text) ? names.nameOf(text) : undefined;
      if (name === undefined) return callback === undefined ? query(text, values) : query(text, values, callback);
      return (query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
        if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
        stale.add(text as string);
        return query(text, values);
      });
    }) as typeof client.query;
    client.query = named;
  });
  return pool;
}
