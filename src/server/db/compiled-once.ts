import type { CompiledQuery, QueryResult } from 'kysely';
import { type DB, engineOf } from './client';

/**
 * A hot query compiled once per shape instead of on every call (issue 33). Building and compiling a
 * query with Kysely costs tens of microseconds; a checkout runs about a dozen, and the profile of
 * `npm run bench` put a quarter of the server's CPU in Kysely's compiler. The query is built once with
 * stand-ins for its arguments, compiled, and then run with each call's values put where the stand-ins
 * were: the same SQL text, so SQLite's statement cache and PostgreSQL's prepared statements reuse it.
 *
 * The shape is the arguments' structure: an array's length (each element is one parameter, as in
 * `where('id', 'in', ids)`), an object's keys and which of them are undefined (Kysely leaves those
 * columns out of an insert), and the engine. `build` must use its arguments only as values: never to
 * choose what the query does (an `if` on one, a column named by one). A stand-in that does not reach
 * the compiled parameters means it was used otherwise, and the first call says so.
 *
 * A database with plugins (the tests' query recorders) gets the query built and run as usual, so it
 * sees every query.
 */
class StandIn {
  constructor(readonly path: ReadonlyArray<number | string>) {}
}

type Built<R> = { compile(): CompiledQuery<R> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array) && !Array.isArray(value);

/** The structure of a value: arrays by length and element, objects by keys (undefined ones marked), anything else one value. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`;
  if (isRecord(value)) return `{${Object.entries(value).map(([key, v]) => (v === undefined ? `${key}?` : `${key}:${shapeOf(v)}`)).join(',')}}`;
  return '.';
}

/** The value with a stand-in for each of its values (undefined stays undefined: Kysely leaves it out). */
function standInFor(value: unknown, path: ReadonlyArray<number | string>, all: StandIn[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => standInFor(v, [...path, i], all));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === undefined ? undefined : standInFor(v, [...path, key], all)]));
  const standIn = new StandIn(path);
  all.push(standIn);
  return standIn;
}

function valueAt(args: readonly unknown[], path: ReadonlyArray<number | string>): unknown {
  let value: unknown = args;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}

/** Runs `build`'s query compiled once per shape of its arguments; resolves to its result (rows, and the rows a write changed). */
export function compiledOnce<A extends unknown[], R>(build: (db: DB, ...args: A) => Built<R>): (db: DB, ...args: A) => Promise<QueryResult<R>> {
  const templates = new Map<string, CompiledQuery<R>>();
  return async (db, ...args) => {
    if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, ...args));
    const key = `${engineOf(db)}|${shapeOf(args)}`;
    let template = templates.get(key);
    if (!template) {
      const all: StandIn[] = [];
      const standIns = args.map((arg, i) => standInFor(arg, [i], all));
      template = build(db, ...(standIns as A)).compile();
      const used = new Set(template.parameters.filter((p) => p instanceof StandIn));
      const unused = all.filter((standIn) => !used.has(standIn)).length;
      if (unused > 0) throw new Error(`compiledOnce: ${unused} argument(s) were not used as query values`);
      templates.set(key, template);
    }
    const parameters = template.parameters.map((p) => (p instanceof StandIn ? valueAt(args, p.path) : p));
    return db.executeQuery<R>({ ...template, parameters });
  };
}
