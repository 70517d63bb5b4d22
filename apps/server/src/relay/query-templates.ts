// Hot-path queries compiled once per engine: the Kysely query is built with placeholder markers,
// compiled, and later runs with the real values in the markers' places. Building and compiling
// a query costs more CPU than SQLite spends running it, and the relay runs a dozen per request.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from '../db/database';
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

/**
 * Runs the query `build` describes with `args`. `build` must place every value through `arg(i)`
 * and nothing else, so that the compiled SQL is the same for any arguments.
 */
export function runTemplate<R>(
  db: Db,
  name: string,
  build: (db: Db, arg: Arg) => Compilable<R>,
  args: readonly unknown[],
): Promise<QueryResult<R>> {
  const key = `${engineOf(db)}:${name}`;
  let template = templates.get(key);
  if (!template) {
    const markers = args.map((_, index) => new Marker(index));
    const compiled = build(db, <T>(index: number) => markers[index] as T).compile();
    const order = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Marker)) throw new Error(`${name}: a value is not an argument`);
      return parameter.index;
    });
    template = { compiled, order };
    templates.set(key, template);
  }
  const { compiled, order } = template;
  return db.executeQuery<R>({ ...compiled, parameters: order.map((index) => args[index]) });
}
