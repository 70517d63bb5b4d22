// What every step of an import shares: source, target, options and the running report.
import type { Db } from '../db/database';
import type { EntityKind } from './import-state';
import type { ImportReport } from './report';
import type { Progress } from './run-import';
import type { Source } from './source';
import type { IdMaps } from './stream-mappers';

export interface ImportContext {
  source: Source;
  /** The Switchyard database (never written in a dry run). */
  target: Db;
  dryRun: boolean;
  merge: boolean;
  report: ImportReport;
  maps: IdMaps & { redemptions: Map<number, number> };
  now: number;
  /** Rows per source read and per target transaction of the streamed tables. */
  batchSize: number;
  progress(progress: Progress): void;
}

/** A stand-in target id for rows a dry run would create (negative: never a real id). */
let dryRunId = 0;
export const nextDryRunId = (): number => {
  dryRunId -= 1;
  return dryRunId;
};

export type { EntityKind };
