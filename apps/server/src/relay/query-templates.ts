// Hot-path queries compiled once per engine: the Kysely query is built with placeholder markers,
// compiled, and later runs with the real values in the markers' places. Building and compiling
// a query costs more CPU than SQLite spends running it, and the relay runs a dozen per request.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db, SqliteDirect } from '../db/database';
import { engineOf } from '../db/dialect';

/** Stands for the i-th argument while the template is compiled. */
class Marker {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each SQL parameter, the argument it takes. */
  order: number[];
}

const templates = new Map<string, Template>();

/** The i-th argument's placeholder, typed as whatever the query builder expects there. */
export type Arg = <T>(index: number) => T;

type Build<R> = (db: Db, arg: Arg) => Compilable<R>;

/** The query compiled once per engine with its arguments' order; `build` as in runTemplate. */
function templateOf<R>(db: Db, name: string, build: Build<R>, arity: number): Template {
  const key = `${engineOf(db)}:${name}`;
  let template = templates.get(key);
  if (!template) {
    const markers = Array.from({ length: arity }, (_, index) => new Marker(index));
    const compiled = build(db, <T>(index: number) => markers[index] as T).compile();
    const order = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Marker)) throw new Error(`${name}: a value is not an argument`);
      return parameter.index;
    });
    template = { compiled, order };
    templates.set(key, template);
  }
  return template;
}

const bind = (order: readonly number[], args: readonly unknown[]): unknown[] =>
  order.map((index) => args[index]);

/**
 * Runs the query `build` describes with `args`. `build` must place every value through `arg(i)`
 * and nothing else, so that the compiled SQL is the same for any arguments.
 */
export function runTemplate<R>(
  db: Db,
  name: string,
  build: Build<R>,
  args: readonly unknown[],
): Promise<QueryResult<R>> {
  const { compiled, order } = templateOf(db, name, build, args.length);
  return db.executeQuery<R>({ ...compiled, parameters: bind(order, args) });
}

/** A template run directly on the SQLite connection (see `SqliteDirect`), synchronously. */
export interface DirectStatement<R> {
  all(...args: unknown[]): R[];
  /** Rows changed. */
  run(...args: unknown[]): number;
}

/** The template as a better-sqlite3 statement; `db` is the root database `direct` belongs to. */
export function directTemplate<R>(
  db: Db,
  direct: SqliteDirect,
  name: string,
  build: Build<R>,
  arity: number,
): DirectStatement<R> {
  const { compiled, order } = templateOf(db, name, build, arity);
  const statement = direct.prepare(compiled.sql);
  return {
    all: (...args) => statement.all(bind(order, args)) as R[],
    run: (...args) => statement.run(bind(order, args)).changes,
  };
}

/** A template's first row, read directly on the SQLite connection (see `directFirstRow`). */
export interface DirectFirstRow<R> {
  first(...args: unknown[]): R | undefined;
}

/**
 * Like `directTemplate`, for a query read on every request that returns one wide row: the
 * statement hands back the row's values as an array (better-sqlite3's raw mode) and the object
 * is built here. better-sqlite3 builds a row object property by property through V8's C++ API;
 * for the token look-up's 28 columns that was about 40 % of the read (issue 30). The statement
 * is prepared for this reader alone: raw mode on the statement cache's shared copy would change
 * what Kysely's runs of the same SQL return.
 */
export function directFirstRow<R>(
  db: Db,
  direct: SqliteDirect,
  name: string,
  build: Build<R>,
  arity: number,
): DirectFirstRow<R> {
  const { compiled, order } = templateOf(db, name, build, arity);
  const statement = direct.connection.prepare(compiled.sql).raw(true);
  const names = statement.columns().map((column) => column.name);
  return {
    first(...args) {
      const values = statement.get(bind(order, args)) as unknown[] | undefined;
      if (!values) return undefined;
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index += 1)
        row[names[index] as string] = values[index];
      return row as R;
    },
  };
}
